/** What the phone field says of the number typed in it (see checkPhone). */
export type PhoneStatus = 'empty' | 'incomplete' | 'invalid' | 'unsupported' | 'valid';

export interface PhoneCheck {
  status: PhoneStatus;
  /** ISO country of the number: the one typed with its prefix, else the one chosen. */
  country?: string | undefined;
  reason?: 'NOT_A_NUMBER' | 'INVALID_COUNTRY' | 'TOO_LONG' | 'INVALID_LENGTH' | 'INVALID';
  /** +48600100200: what the server is sent. */
  e164?: string;
  /** +48 600 100 200 */
  formatted?: string;
  /** The number without its country prefix. */
  national?: string;
}
