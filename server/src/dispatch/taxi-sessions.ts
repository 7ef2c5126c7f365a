import type { Db } from '../db/storage.ts';
import { taxiStates } from '../fleet/taxis.ts';
import { newToken, tokenHash } from '../security/secrets.ts';

/** A driver app's session lasts this long. */
export const TAXI_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

/** A new driver-app token for a taxi; only its hash is stored. */
export async function openTaxiSession(
  db: Db,
  corporationId: string,
  callNumber: string,
  now: number,
): Promise<string> {
  const { token, hash } = newToken();
  await db
    .insertInto('taxi_sessions')
    .values({
      token_hash: hash,
      corporation_id: corporationId,
      call_number: callNumber,
      created_at: now,
      expires_at: now + TAXI_TOKEN_TTL_MS,
    })
    .execute();
  return token;
}

/** The taxi a token's hash signed in, its session's expiry, and the taxi's state and position. */
export function taxiOfSession(db: Db, hash: string) {
  return db
    .selectFrom('taxi_sessions as s')
    .innerJoin(taxiStates(db).as('t'), (join) =>
      join
        .onRef('t.corporation_id', '=', 's.corporation_id')
        .onRef('t.call_number', '=', 's.call_number'),
    )
    .select([
      's.corporation_id',
      's.call_number',
      's.expires_at',
      't.state',
      't.lat',
      't.lng',
      't.acc',
      't.updated_at',
    ])
    .where('s.token_hash', '=', hash)
    .executeTakeFirst();
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
