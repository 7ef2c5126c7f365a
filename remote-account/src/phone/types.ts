import { FIRST_COUNTRY } from '@taxi/shared';
import type { PhoneCheck } from '@taxi/shared/phone';

export type { PhoneCheck, PhoneStatus } from '@taxi/shared/phone';

/** The phone field's state, held by the form around it. */
export interface PhoneValue {
  input: string;
  country: string;
  check: PhoneCheck;
}

export { FIRST_COUNTRY } from '@taxi/shared';

export function emptyPhone(country: string = FIRST_COUNTRY): PhoneValue {
  return { input: '', country, check: { status: 'empty', country } };
}
