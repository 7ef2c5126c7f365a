import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Where a development server keeps its generated key, beside the SQLite file. */
export const KEY_FILE = 'order-secret.key';
const KEY_BYTES = 32;

/**
 * The key order secrets are derived from: ORDER_SECRET_KEY, or (development only) one generated
 * into DATA_DIR once, readable by the server's user alone, and reused on every start.
 */
export function orderSecretKey(config: Pick<Config, 'orderSecretKey' | 'dataDir'>): Buffer {
  if (config.orderSecretKey) {
    const text = config.orderSecretKey;
    const key = Buffer.from(text, /^[0-9a-f]+$/i.test(text) ? 'hex' : 'base64url');
    if (key.length < KEY_BYTES)
      throw new Error(`ORDER_SECRET_KEY: at least ${KEY_BYTES} bytes (hex or base64url)`);
    return key;
  }
  const file = path.join(config.dataDir, KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('base64url'), {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
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
