import { useLocation, useNavigate } from 'react-router-dom';
import { SCREEN_PATHS } from '@taxi/shared';

/** Back where the visitor came from, or Home when the link opened the app. */
export function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key !== 'default' ? navigate(-1) : navigate(SCREEN_PATHS.Home));
}
