// Its own entry point (@taxi/contract/email), outside the index that @taxi/shared re-exports:
// only the profile's chunk and the server carry it, never the first screens.

/** Characters of an e-mail address at most (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;

/**
 * The WHATWG "valid e-mail address" (what an <input type="email"> accepts), with at least one dot
 * in the domain: the spec's general form rule "email invalid" on both the screen and the server.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** The passenger's e-mail for receipts (docs/receipts-by-email.md). */
export interface ClientEmail {
  address: string;
  /** True once the passenger opened the link mailed to it; only then are receipts sent. */
  confirmed: boolean;
}
