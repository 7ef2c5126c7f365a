import { createHmac } from 'node:crypto';
import type { Config } from '../base/config.ts';
import { keptKey } from '../security/kept-key.ts';

/**
 * A device's bucket for a canary: a random id the host keeps on the device (localStorage), sent
 * with the registry request. Long enough to be unguessable, short enough for a query string.
 */
export const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export type Bucket = 'canary' | 'stable';

/** Where a development server keeps its generated key, beside the SQLite file. */
export const RELEASE_KEY_FILE = 'release-health.key';

/**
 * The key of canary buckets and view tickets: RELEASE_HEALTH_KEY, or one generated into DATA_DIR.
 * Secret, so that nobody can pick device ids that fall in a canary without asking the server.
 */
export function releaseHealthKey(config: Pick<Config, 'releaseHealthKey' | 'dataDir'>): Buffer {
  return keptKey('RELEASE_HEALTH_KEY', config.releaseHealthKey ?? '', config.dataDir, RELEASE_KEY_FILE);
}

/**
 * Where a device falls in a corporation's part, in [0, 100): the same on every visit. Keyed with
 * the server's key; salted with the corporation and part, so each part's canary reaches another
 * share of passengers; not with the version, so raising a canary from 5 % to 20 % keeps the
 * first 5 % in it.
 */
export function bucketPosition(key: Buffer, corporation: string, part: string, device: string): number {
  const digest = createHmac('sha256', key).update(`${corporation}\n${part}\n${device}`).digest();
  return (digest.readUInt32BE(0) / 2 ** 32) * 100;
}

/** Without a device id (a first request without storage) a passenger gets the stable release. */
export function bucketOf(
  key: Buffer,
  corporation: string,
  part: string,
  device: string | undefined,
  percent: number,
): Bucket {
  if (!device || percent <= 0) return 'stable';
  return bucketPosition(key, corporation, part, device) < percent ? 'canary' : 'stable';
}
