import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonTexts } from './catalogue';
import { ApiError, UNKNOWN_ERROR } from '../api/errors';

export const LANGUAGES = ['pl', 'en'] as const;
export const FALLBACK_LANGUAGE = 'en';

/** The one i18next instance of the page; each remote adds its own namespace. */
export const i18n = i18next.createInstance();

/**
 * The first of the browser's preferred languages that the app speaks
 * (pl-PL counts as pl); the fallback otherwise.
 */
export function detectLanguage(
  preferred: readonly string[],
  supported: readonly string[] = LANGUAGES,
  fallback: string = FALLBACK_LANGUAGE,
): string {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (supported.includes(base)) return base;
  }
  return supported.includes(fallback) ? fallback : FALLBACK_LANGUAGE;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function initI18n(language: string = detectLanguage(browserLanguages())): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      resources: { en: { common: commonTexts.en }, pl: { common: commonTexts.pl } },
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return i18n;
}

/** Registers a remote's namespace in both languages, whenever its module happens to load. */
export function addTranslations(namespace: string, texts: { pl: object; en: object }): void {
  if (!i18n.isInitialized) initI18n();
  for (const lng of LANGUAGES) i18n.addResourceBundle(lng, namespace, texts[lng], true, true);
}

/** The catalogue message for an error: its code's text, or the unknown-code text. */
export function errorMessage(error: unknown): string {
  const code = error instanceof ApiError ? error.code : UNKNOWN_ERROR;
  const key = `errors.${code}`;
  return i18n.exists(key, { ns: 'common' })
    ? i18n.t(key, { ns: 'common' })
    : i18n.t('errors.unknown', { ns: 'common' });
}
