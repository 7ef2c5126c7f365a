import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../base/config.ts';
import { keptKey } from '../security/kept-key.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

/** Where a development server keeps its generated key, beside the SQLite file. */
export const KEY_FILE = 'order-secret.key';

/**
 * The key order secrets are derived from: ORDER_SECRET_KEY, or (development only) one generated
 * into DATA_DIR once, readable by the server's user alone, and reused on every start.
 */
export function orderSecretKey(config: Pick<Config, 'orderSecretKey' | 'dataDir'>): Buffer {
  return keptKey('ORDER_SECRET_KEY', config.orderSecretKey, config.dataDir, KEY_FILE);
}

/** What an order row keeps of its secret. */
export interface StoredSecret {
  /** Random; with the key it gives the secret back to the owner. */
  secret_nonce: string;
  /** SHA-256 of the secret: what a link is checked against. */
  secret_hash: string;
}

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** Stands in for a missing hash, so that an unknown order costs the same compare. */
const DUMMY_HASH = secretHash('no order has this secret');

/** Constant-time: does `secret` hash to `stored`? */
export function secretMatches(stored: string | null | undefined, secret: string): boolean {
  const expected = Buffer.from(stored ?? DUMMY_HASH);
  const given = Buffer.from(secretHash(secret));
  return expected.length === given.length && timingSafeEqual(expected, given) && !!stored;
}

export interface OrderSecrets {
  /** A new order's secret, as stored (only its nonce and hash). */
  issue(): StoredSecret;
  /** The owner's secret again (192 bits, URL-safe), from the stored nonce. */
  reveal(nonce: string): string;
}

/** Secrets revealed kept in memory: every list of a passenger's rides reveals each ride's again. */
const REVEALED_KEPT = 20_000;

export function orderSecrets(key: Buffer): OrderSecrets {
  const revealed = new Map<string, string>();
  const reveal = (nonce: string) => {
    let secret = revealed.get(nonce);
    if (secret === undefined) {
      secret = createHmac('sha256', key)
        .update(nonce)
        .digest()
        .subarray(0, 24)
        .toString('base64url');
      if (revealed.size >= REVEALED_KEPT) revealed.clear();
      revealed.set(nonce, secret);
    }
    return secret;
  };
  return {
    issue() {
      const nonce = randomBytes(16).toString('base64url');
      return { secret_nonce: nonce, secret_hash: secretHash(reveal(nonce)) };
    },
    reveal,
  };
}

declare module '../base/services.ts' {
  interface Services {
    /** Makes order secrets and gives them back to the owner (orders/secrets.ts). */
    orderSecrets: OrderSecrets;
  }
}
