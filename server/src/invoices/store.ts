import type { CompanyProfile, CompanyProfileInput } from '@taxi/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';
import { ApiFailure } from '../base/errors.ts';

type Reader = Db | Transaction<Tables>;

const PROFILE_COLUMNS = ['id', 'name', 'address', 'nip', 'email'] as const;

/** A client's company profiles, by name. */
export function profilesOf(db: Reader, clientId: number): Promise<CompanyProfile[]> {
  return db
    .selectFrom('company_profiles')
    .select(PROFILE_COLUMNS)
    .where('client_id', '=', clientId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Adds a profile, or changes the client's own one `input.id`. */
export async function saveProfile(
  trx: Transaction<Tables>,
  clientId: number,
  input: Required<Omit<CompanyProfileInput, 'id'>> & { id: number | null },
  max: number,
  now: number,
): Promise<number> {
  const { id, ...fields } = input;
  if (id !== null) {
    const result = await trx
      .updateTable('company_profiles')
      .set(fields)
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      throw new ApiFailure('NOT_FOUND', 'No such company profile');
    return id;
  }
  if ((await profilesOf(trx, clientId)).length >= max)
    throw new ApiFailure('ACTION_NOT_ALLOWED', `At most ${max} company profiles`);
  const row = await trx
    .insertInto('company_profiles')
    .values({ client_id: clientId, ...fields, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteProfile(db: Db, clientId: number, id: number): Promise<void> {
  const result = await db
    .deleteFrom('company_profiles')
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0)
    throw new ApiFailure('NOT_FOUND', 'No such company profile');
}

/**
 * Deletes every company profile of a client: the accounts plugin calls it when the passenger asks
 * to delete the account. Issued invoices stay (the corporation's books), their buyer copied.
 */
export async function deleteProfilesOf(db: Db, clientId: number): Promise<number> {
  const result = await db
    .deleteFrom('company_profiles')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Asks for the invoice of a new order (ORDER_SAVE, in its transaction): the buyer is the
 * client's profile as it is now.
 */
export async function requestInvoice(
  trx: Transaction<Tables>,
  order: { id: number; corporation_id: string; client_id: number },
  profileId: number,
): Promise<void> {
  const profile = await trx
    .selectFrom('company_profiles')
    .select(PROFILE_COLUMNS)
    .where('id', '=', profileId)
    .where('client_id', '=', order.client_id)
    .executeTakeFirst();
  if (!profile) throw new ApiFailure('NOT_FOUND', 'No such company profile');
  await trx
    .insertInto('invoices')
    .values({
      corporation_id: order.corporation_id,
      order_id: order.id,
      client_id: order.client_id,
      buyer_name: profile.name,
      buyer_address: profile.address,
      buyer_nip: profile.nip,
      buyer_email: profile.email,
      year: null,
      seq: null,
      number: null,
      issued_at: null,
      document: null,
    })
    .execute();
}

/** The invoice row of an order, issued or not. */
export function invoiceOfOrder(db: Reader, orderId: number) {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** An issued invoice's document, where to mail it and whose it is; undefined if not issued. */
export async function issuedInvoice(db: Db, id: number) {
  const row = await db
    .selectFrom('invoices')
    .select(['corporation_id', 'buyer_email', 'document'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.document ? { ...row, document: row.document } : undefined;
}

/** Invoices asked for and not yet issued, oldest first. */
export function pendingInvoices(db: Db, limit: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'order_id', 'corporation_id'])
    .where('issued_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** An order that ended without a ride (cancelled, no-show) gets no invoice. */
export async function dropInvoiceRequest(db: Db, id: number): Promise<void> {
  await db.deleteFrom('invoices').where('id', '=', id).where('issued_at', 'is', null).execute();
}

/** The numbers of the issued invoices of `orderIds`, by order (the history lists them). */
export async function invoiceNumbers(db: Db, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoices')
    .select(['order_id', 'number'])
    .where('order_id', 'in', orderIds)
    .where('number', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.order_id, row.number!]));
}

/** The buyer as the invoice row copied it from the profile. */
export interface InvoiceBuyer {
  buyer_name: string;
  buyer_address: string;
  buyer_nip: string;
}

/**
 * Numbers and stores the invoice under the corporation's lock: the next number of its year,
 * one after the highest given, so no number repeats or is skipped, with any number of processes.
 * False when another process issued it first.
 */
export async function storeIssued(
  trx: Transaction<Tables>,
  invoiceId: number,
  year: number,
  numberOf: (seq: number) => string,
  document: (number: string, buyer: InvoiceBuyer) => string,
  now: number,
): Promise<boolean> {
  const row = await trx
    .selectFrom('invoices')
    .select(['corporation_id', 'issued_at', 'buyer_name', 'buyer_address', 'buyer_nip'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!row || row.issued_at !== null) return false;
  const { last } = await trx
    .selectFrom('invoices')
    .select((eb) => eb.fn.max('seq').as('last'))
    .where('corporation_id', '=', row.corporation_id)
    .where('year', '=', year)
    .executeTakeFirstOrThrow();
  const seq = Number(last ?? 0) + 1;
  const number = numberOf(seq);
  await trx
    .updateTable('invoices')
    .set({ year, seq, number, issued_at: now, document: document(number, row) })
    .where('id', '=', invoiceId)
    .execute();
  return true;
}
