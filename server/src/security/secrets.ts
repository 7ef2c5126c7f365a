import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a table keeps of a bearer token: its SHA-256, so a leaked table signs no one in. */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/**
 * A new 256-bit bearer token (URL-safe, after `prefix`) and the hash a table keeps of it: the
 * token itself is handed out once and never stored.
 */
export function newToken(prefix = ''): { token: string; hash: string } {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { token, hash: tokenHash(token) };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a presented secret is the expected one, in the same time whatever their lengths. */
export const sameSecret = (presented: string, expected: string): boolean =>
  timingSafeEqual(digest(presented), digest(expected));
