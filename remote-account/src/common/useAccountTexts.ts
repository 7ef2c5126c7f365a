import { useTranslation } from 'react-i18next';

/** The texts of this remote (namespace `account`) and the language they are shown in. */
export function useAccountTexts() {
  const { t, i18n } = useTranslation('account');
  return { t, language: i18n.resolvedLanguage ?? i18n.language };
}
