import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../db/storage.ts';
import { saveTaxi } from '../fleet/taxis.ts';
import { tokenHash } from '../security/secrets.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
) => Promise<Buffer>;

/** A driver app's session lasts this long. */
export const TAXI_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

export interface TaxiProfile {
  call_number: string;
  color: string;
  brand: string;
  vehicle_registration: string;
  password: string;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('base64url')}$${(await scryptAsync(password, salt, 32)).toString('base64url')}`;
}

export async function checkPassword(password: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split('$');
  // Without a password set, compare against a dummy so that timing does not tell.
  const expected = Buffer.from(hash ?? '', 'base64url');
  const given = await scryptAsync(password, Buffer.from(salt ?? 'none', 'base64url'), 32);
  return expected.length === given.length && timingSafeEqual(expected, given) && stored !== '';
}

/**
 * Adds a taxi to a corporation's fleet, or updates its car and password (operator CLI, the
 * simulator). A new taxi is at the end of work (F) until its driver signs in.
 */
export async function provisionTaxi(
  db: Db,
  corporationId: string,
  profile: TaxiProfile,
): Promise<void> {
  const { password, ...car } = profile;
  await saveTaxi(db, corporationId, { ...car, password_hash: await hashPassword(password) });
}

/** A new driver-app token for a taxi; only its hash is stored. */
export async function openTaxiSession(
  db: Db,
  corporationId: string,
  callNumber: string,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('taxi_sessions')
    .values({
      token_hash: tokenHash(token),
      corporation_id: corporationId,
      call_number: callNumber,
      created_at: now,
      expires_at: now + TAXI_TOKEN_TTL_MS,
    })
    .execute();
  return token;
}

/** Signs a driver app out: its token stops working. */
export async function closeTaxiSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('taxi_sessions').where('token_hash', '=', tokenHash(token)).execute();
}

/** Signs every driver app of a taxi out (a blocked taxi, a simulated one signing in anew). */
export async function closeTaxiSessions(
  db: Db,
  corporationId: string,
  callNumber: string,
): Promise<void> {
  await db
    .deleteFrom('taxi_sessions')
    .where('corporation_id', '=', corporationId)
    .where('call_number', '=', callNumber)
    .execute();
}
