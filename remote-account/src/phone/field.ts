import { lazy, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { addTranslations, settingsAtom } from '@taxi/shared';
import { FIRST_COUNTRY } from './types';
import texts from './texts.json';

addTranslations('account', texts);

const loadPhoneField = () => import(/* webpackChunkName: "phone-field" */ './PhoneField');

/** The phone field with its country list and rules: a chunk of its own, loaded on demand. */
export const PhoneField = lazy(loadPhoneField);

/** Starts loading the phone field before it is shown (the consent step of Auth). */
export function preloadPhoneField(): void {
  void loadPhoneField();
}

/** Countries whose numbers the corporation sends codes to (settings `phone_countries`). */
export function useSupportedCountries(): readonly string[] {
  const listed = useAtomValue(settingsAtom)?.phone_countries;
  return useMemo(() => {
    const codes = Array.isArray(listed)
      ? listed.filter((code): code is string => typeof code === 'string' && /^[A-Z]{2}$/.test(code))
      : [];
    return codes.length > 0 ? codes : [FIRST_COUNTRY];
  }, [listed]);
}
