/**
 * Query fields and path parts that carry a secret (client token, order secret, SMS code) or
 * personal data (the phone number, a saved place's name and address).
 */
const SECRET_FIELDS = /([?&](?:auth|secret|token|p|cmd|phone|place)=)[^&#]*/gi;
const SECRET_PATHS = /^((?:[a-z]+:\/\/[^/]+)?\/(?:t|r|receipt)\/[^/?#]+\/)[^/?#]+/i;

/** A URL fit for the log: secrets replaced by "***". */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '$1***').replace(SECRET_FIELDS, '$1***');
}
