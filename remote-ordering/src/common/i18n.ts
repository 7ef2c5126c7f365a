import { useTranslation } from 'react-i18next';

/**
 * `t` of the ordering namespace. Each module registers the texts.json files of the texts it shows
 * (docs/architecture.md, "Texts and languages").
 */
export function useOrderingText() {
  return useTranslation('ordering');
}
