import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Corporation } from '../corporations/directory.ts';
import { ApiFailure } from '../base/errors.ts';

/** Countries whose numbers a corporation sends codes to (`sms.countries`), Poland by default. */
export function phoneCountries(corporation: Corporation): CountryCode[] {
  const countries = corporation.sections.sms?.countries ?? [];
  return (countries.length > 0 ? countries : ['PL']) as CountryCode[];
}

/** Types of number that can receive a text message. */
const TEXTABLE = new Set([undefined, 'MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * A phone number as typed (600 100 200, 0048600100200, +48 600 100 200) -> E.164, for a
 * mobile number of a country the corporation serves. National numbers are read as numbers of its
 * first country.
 */
export function normalisePhone(input: string, corporation: Corporation): string {
  const countries = phoneCountries(corporation);
  const phone = parsePhoneNumberFromString(input.trim(), countries[0]);
  if (!phone || !phone.isValid())
    throw new ApiFailure('INVALID_DATA', 'This is not a valid phone number');
  if (!phone.country || !countries.includes(phone.country)) {
    throw new ApiFailure(
      'ACTION_NOT_ALLOWED',
      `Phone numbers of this country are not supported; supported: ${countries.join(', ')}`,
    );
  }
  if (!TEXTABLE.has(phone.getType()))
    throw new ApiFailure('INVALID_DATA', 'This number cannot receive text messages');
  return phone.number;
}
