import type { Corporation } from '../corporations/directory.ts';
import type { Db } from '../db/storage.ts';

export function findClient(db: Db, corporation: Corporation, phone: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('corporation_id', '=', corporation.id)
    .where('phone', '=', phone)
    .executeTakeFirst();
}

/** The client with this phone, created on its first sign-in; the code it used proves the phone. */
export async function signInClient(db: Db, corporation: Corporation, phone: string, now: number) {
  await db
    .insertInto('clients')
    .values({ corporation_id: corporation.id, phone, phone_verified: 1, created_at: now })
    .onConflict((conflict) =>
      conflict.columns(['corporation_id', 'phone']).doUpdateSet({ phone_verified: 1 }),
    )
    .execute();
  const client = await findClient(db, corporation, phone);
  if (!client) throw new Error('client vanished after its sign-in');
  return client;
}

/** The operator blocks a client (BLOCKED on every call) or lets it back; false for none. */
export async function setClientBlocked(
  db: Db,
  corporationId: string,
  phone: string,
  blocked: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('clients')
    .set({ blocked: blocked ? 1 : 0 })
    .where('corporation_id', '=', corporationId)
    .where('phone', '=', phone)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the operator allows a client: cash-free rides, and a discount with rides left on it. */
export function clientPerks(db: Db, clientId: number) {
  return db
    .selectFrom('clients')
    .select(['cash_free', 'discount', 'count_discount_available'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
}

/** The corporation of a client, or undefined for no such client. */
export async function clientCorporationId(db: Db, clientId: number): Promise<string | undefined> {
  const client = await db
    .selectFrom('clients')
    .select('corporation_id')
    .where('id', '=', clientId)
    .executeTakeFirst();
  return client?.corporation_id;
}

/** A client's row; the client exists (it is signed in). */
export function clientById(db: Db, clientId: number) {
  return db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
}

/** A client's number and whether it is verified; the client exists. */
export function clientPhone(db: Db, clientId: number) {
  return db
    .selectFrom('clients')
    .select(['phone', 'phone_verified'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
}

/** The client proved its number with a code. */
export async function markPhoneVerified(db: Db, clientId: number): Promise<void> {
  await db.updateTable('clients').set({ phone_verified: 1 }).where('id', '=', clientId).execute();
}

/** The client's new number, proven with a code (a unique violation when another took it). */
export async function changePhone(db: Db, clientId: number, phone: string): Promise<void> {
  await db
    .updateTable('clients')
    .set({ phone, phone_verified: 1 })
    .where('id', '=', clientId)
    .execute();
}
