import { createHash } from 'node:crypto';

/**
 * A device's bucket for a canary: a random id the host keeps on the device (localStorage), sent
 * with the registry request. Long enough to be unguessable, short enough for a query string.
 */
export const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export type Bucket = 'canary' | 'stable';

/**
 * Where a device falls in a corporation's part, in [0, 100): the same on every visit. Salted with
 * the corporation and part, so each part's canary reaches another share of passengers; not with
 * the version, so raising a canary from 5 % to 20 % keeps the first 5 % in it.
 */
export function bucketPosition(corporation: string, part: string, device: string): number {
  const digest = createHash('sha256').update(`${corporation}\n${part}\n${device}`).digest();
  return (digest.readUInt32BE(0) / 2 ** 32) * 100;
}

/** Without a device id (a first request without storage) a passenger gets the stable release. */
export function bucketOf(
  corporation: string,
  part: string,
  device: string | undefined,
  percent: number,
): Bucket {
  if (!device || percent <= 0) return 'stable';
  return bucketPosition(corporation, part, device) < percent ? 'canary' : 'stable';
}
