import { useTranslation } from 'react-i18next';
import { addTranslations } from '@taxi/shared';
import { texts } from './texts';

addTranslations('tracking', texts);

/** `t` of the tracking namespace. */
export function useTrackingText() {
  return useTranslation('tracking');
}
