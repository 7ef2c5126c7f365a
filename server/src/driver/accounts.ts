import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../db/storage.ts';
import { saveTaxi } from '../fleet/taxis.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
) => Promise<Buffer>;

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
