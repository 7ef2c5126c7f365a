import { lazy } from 'react';
import { addTranslations } from '@taxi/shared';
import texts from './texts.json';

addTranslations('account', texts);

const loadPhoneField = () => import(/* webpackChunkName: "phone-field" */ './PhoneField');

/** The phone field with its country list and rules: a chunk of its own, loaded on demand. */
export const PhoneField = lazy(loadPhoneField);

/**
 * Starts loading the phone field before it is shown (the consent step of Auth). A load that
 * fails here (offline) is no error yet: the field's own load, when shown, reports and shows it.
 */
export function preloadPhoneField(): void {
  loadPhoneField().catch(() => undefined);
}

export { useSupportedCountries } from '@taxi/shared';
