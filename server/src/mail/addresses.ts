import type { ClientEmail } from '@taxi/contract/email';
import type { Insertable } from 'kysely';
import type { Db } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';
import { newToken, tokenHash } from '../security/secrets.ts';

/** A confirmation link works this long after it was mailed, once. */
export const CONFIRMATION_VALID_MS = 24 * 3_600_000;

/** The passenger's address only once confirmed: where receipts go. */
export async function confirmedEmail(
  db: Db,
  clientId: number,
): Promise<{ address: string; lang: string } | undefined> {
  return db
    .selectFrom('client_emails')
    .select(['address', 'lang'])
    .where('client_id', '=', clientId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
}

/**
 * A new single-use token for the client's unconfirmed address, replacing the last one: only its
 * hash is kept. Undefined when there is no unconfirmed address any more.
 */
export async function newConfirmationToken(
  db: Db,
  clientId: number,
  now: number,
): Promise<{ token: string; address: string; lang: string; host: string } | undefined> {
  const { token, hash } = newToken();
  const row = await db
    .updateTable('client_emails')
    .set({ token_hash: hash, token_expires_at: now + CONFIRMATION_VALID_MS })
    .where('client_id', '=', clientId)
    .where('confirmed_at', 'is', null)
    .returning(['address', 'lang', 'host'])
    .executeTakeFirst();
  return row && { token, ...row };
}

/** The language of a token's address, to ask in it; undefined for a token unknown or expired. */
export async function tokenLanguage(db: Db, token: string, now: number) {
  const row = await db
    .selectFrom('client_emails')
    .select('lang')
    .where('token_hash', '=', tokenHash(token))
    .where('token_expires_at', '>', now)
    .executeTakeFirst();
  return row?.lang;
}

/** Confirms the address a token was mailed to and spends the token; its language, or undefined. */
export async function confirmByToken(db: Db, token: string, now: number) {
  const row = await db
    .updateTable('client_emails')
    .set({ confirmed_at: now, token_hash: null, token_expires_at: null })
    .where('token_hash', '=', tokenHash(token))
    .where('token_expires_at', '>', now)
    .returning('lang')
    .executeTakeFirst();
  return row?.lang;
}

/** Forgets the client's address: on DELETE_EMAIL and when the passenger asks to delete the account. */
export async function deleteEmailOf(db: Db, clientId: number): Promise<void> {
  await db.deleteFrom('client_emails').where('client_id', '=', clientId).execute();
}

/** The client's address and whether it is confirmed, or null for none. */
export async function emailOf(db: Db, clientId: number): Promise<ClientEmail | null> {
  const row = await db
    .selectFrom('client_emails')
    .select(['address', 'confirmed_at'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row ? { address: row.address, confirmed: row.confirmed_at !== null } : null;
}

/** Sets the client's address, replacing the one kept. */
export async function setEmail(
  db: Db,
  clientId: number,
  row: Omit<Insertable<Tables['client_emails']>, 'client_id'>,
): Promise<void> {
  await db
    .insertInto('client_emails')
    .values({ client_id: clientId, ...row })
    .onConflict((oc) => oc.column('client_id').doUpdateSet(row))
    .execute();
}

/** The language and host the next confirmation mail of the client's address is written for. */
export async function askAgainIn(db: Db, clientId: number, lang: string, host: string) {
  await db
    .updateTable('client_emails')
    .set({ lang, host })
    .where('client_id', '=', clientId)
    .execute();
}
