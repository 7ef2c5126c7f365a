import { useTranslation } from 'react-i18next';
import { addTranslations } from '@taxi/shared';
import { texts } from './texts';

addTranslations('ordering', texts);

/** `t` of the ordering namespace. */
export function useOrderingText() {
  return useTranslation('ordering');
}
