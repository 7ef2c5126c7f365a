import { useLocation, useNavigate } from 'react-router-dom';
import { SCREEN_PATHS } from '@taxi/shared';

/** Back to where the passenger came from, or Home when the page was opened directly. */
export function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key !== 'default' ? navigate(-1) : navigate(SCREEN_PATHS.Home));
}
