import { useCallback, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { addTranslations, settingsAtom, SETTINGS_DEFAULTS } from '@taxi/shared';
import { legalValues } from './policy';
import texts from './texts.json';

addTranslations('legal', texts);

/**
 * The corporation's settings, the current language and `text(key)`: a text of the `legal`
 * namespace filled with the legal values (objects and arrays come back whole, filled too).
 */
export function useLegal() {
  const settings = useAtomValue(settingsAtom) ?? SETTINGS_DEFAULTS;
  const { t, i18n } = useTranslation('legal');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const values = useMemo(() => legalValues(settings, language), [settings, language]);
  const text = useCallback(
    <T = string>(key: string, more: Record<string, unknown> = {}): T =>
      t(key, { ...values, ...more, returnObjects: true }) as unknown as T,
    [t, values],
  );
  return { settings, language, values, text };
}
