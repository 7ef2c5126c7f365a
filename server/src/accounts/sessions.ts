import type { SignedInClient } from '../api/registry.ts';
import type { Corporation } from '../corporations/directory.ts';
import type { Db } from '../db/storage.ts';
import { ApiFailure } from '../base/errors.ts';
import { newToken, tokenHash } from '../security/secrets.ts';
import type { Services } from '../base/services.ts';

/** A token lives this long after its last GET_AUTH. */
export const TOKEN_TTL_MS = 180 * 24 * 60 * 60_000;

/** A new 256-bit client token; only its hash is stored. */
export async function openSession(db: Db, clientId: number, now: number): Promise<string> {
  const { token, hash } = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hash,
      client_id: clientId,
      created_at: now,
      expires_at: now + TOKEN_TTL_MS,
    })
    .execute();
  return token;
}

/** Moves the token's expiry forward (GET_AUTH). */
export async function refreshSession(db: Db, token: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: now + TOKEN_TTL_MS })
    .where('token_hash', '=', tokenHash(token))
    .execute();
}

/** Ends one session: the token is worthless from now on (LOGOUT). */
export async function closeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash(token)).execute();
}

/** Ends every session of a client, on every device (account deletion). */
export async function closeSessions(db: Db, clientId: number): Promise<void> {
  await db.deleteFrom('sessions').where('client_id', '=', clientId).execute();
}

/** Deletes the sessions whose token has expired (the retention schedule). */
export async function purgeExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The client a token belongs to, in this corporation, and when the token expires (the database's word). */
export async function authenticate(
  { storage, clock }: Services,
  corporation: Corporation,
  token: string | undefined,
): Promise<{ client: SignedInClient; expiresAt: number }> {
  if (!token) throw new ApiFailure('ACCESS_DENIED', 'Sign in first');
  const row = await storage.db
    .selectFrom('sessions')
    .innerJoin('clients', 'clients.id', 'sessions.client_id')
    .select([
      'clients.id',
      'clients.phone',
      'clients.phone_verified',
      'clients.blocked',
      'sessions.expires_at',
    ])
    .where('sessions.token_hash', '=', tokenHash(token))
    .where('sessions.expires_at', '>', clock.now())
    .where('clients.corporation_id', '=', corporation.id)
    .executeTakeFirst();
  if (!row) throw new ApiFailure('ACCESS_DENIED', 'The session has expired; sign in again');
  if (row.blocked) throw new ApiFailure('BLOCKED');
  return {
    client: { id: row.id, phone: row.phone, phoneVerified: row.phone_verified === 1 },
    expiresAt: row.expires_at,
  };
}
