// The phone-number rules of the login and change-phone forms and of an order's rider, on
// libphonenumber-js with its `mobile` metadata: codes go by SMS, so a number is valid when it is a mobile one, as the server
// decides too. (`min` validates the length only and calls 600100 a valid Polish number; `mobile`
// costs ~5 kB gzip more, `max` ~16 kB more.) This module is loaded lazily (`@taxi/shared/phone`,
// a shared entry of its own): it weighs more than the screens using it. The metadata is handed to
// the library's core as JSON (the build reads the package's .json file: tooling/webpack.js).
import {
  getCountries as countriesIn,
  getCountryCallingCode as callingCodeIn,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/metadata.mobile.json';
import type { PhoneCheck } from './types';

/** The country's calling code, without its +. */
export function getCountryCallingCode(country: CountryCode): string {
  return callingCodeIn(country, metadata);
}

/** A number typed with its country prefix: +48…, or 0048… (the international call prefix). */
export function isInternational(input: string): boolean {
  return /^\s*(\+|00)/.test(input);
}

/**
 * What the form says about a typed number: empty, still too short, invalid, valid but of a
 * country the corporation does not text, or valid (with its E.164 form, which the server takes).
 * A number typed with its prefix is read as such, whatever country is chosen.
 */
export function checkPhone(
  input: string,
  chosen: CountryCode,
  supported: readonly string[],
): PhoneCheck {
  const typed = input.trim();
  if (!/\d/.test(typed)) {
    return typed
      ? { status: 'invalid', country: chosen, reason: 'NOT_A_NUMBER' }
      : { status: 'empty', country: chosen };
  }
  const normalised = typed.replace(/^00/, '+');
  const international = normalised.startsWith('+');
  const options = { defaultCountry: international ? undefined : chosen };
  const tooShortOrLong = validatePhoneNumberLength(normalised, options, metadata);
  const phone = parsePhoneNumberFromString(normalised, options, metadata);
  const country = (phone?.country ?? (international ? undefined : chosen)) as
    CountryCode | undefined;
  if (tooShortOrLong === 'TOO_SHORT') return { status: 'incomplete', country };
  if (tooShortOrLong) return { status: 'invalid', country, reason: tooShortOrLong };
  if (!phone || !phone.isValid()) return { status: 'invalid', country, reason: 'INVALID' };
  const found = {
    country,
    e164: phone.number,
    formatted: phone.formatInternational(),
    national: phone.nationalNumber,
  };
  if (!country || !supported.includes(country)) return { status: 'unsupported', ...found };
  return { status: 'valid', ...found };
}

/** Every country the metadata knows, the supported ones first (in their order), then by name. */
export function countryOptions(
  supported: readonly string[],
  language: string,
): { code: CountryCode; name: string; callingCode: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const collator = new Intl.Collator(language);
  const all = countriesIn(metadata).map((code) => ({
    code,
    name: names.of(code) ?? code,
    callingCode: getCountryCallingCode(code),
  }));
  const first = supported.flatMap((code) => all.filter((option) => option.code === code));
  const rest = all
    .filter((option) => !supported.includes(option.code))
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...first, ...rest];
}

/** The country's name in the current language. */
export function countryName(code: string | undefined, language: string): string {
  if (!code) return '';
  return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
}
