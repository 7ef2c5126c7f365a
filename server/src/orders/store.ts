import { randomInt } from 'node:crypto';
import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Corporation } from '../corporations/directory.ts';
import type { Db } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';
import { ApiFailure } from '../base/errors.ts';
import {
  IMMEDIATE_ORDER_TYPE as IMMEDIATE_TYPE,
  type OrderKey,
  type OrderState,
  type OrderType,
} from '@taxi/contract';
import { type OrderSecrets, secretMatches } from './secrets.ts';

/** Created or in progress: shown among the client's active orders. */
export const ACTIVE_STATES: readonly OrderState[] = ['U', 'T'];
/** Done, no-show or cancelled: listed in the client's history. */
const FINISHED_STATES: readonly OrderState[] = ['Z', 'M', 'A'];
/** Orders in these states are over: the gauge of open orders leaves them out. */
const GAUGE_LEFT_OUT: readonly OrderState[] = ['A', 'M'];

const SHORT_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SHORT_ID_LENGTH = 8;

/** 40 random bits in letters that read aloud unambiguously. */
export function newShortId(): string {
  let id = '';
  for (let i = 0; i < SHORT_ID_LENGTH; i++)
    id += SHORT_ID_ALPHABET[randomInt(SHORT_ID_ALPHABET.length)];
  return id;
}

/** IN_PROGRESS for an immediate order (or its quote) while another one is still active. */
export async function refuseSecondImmediateOrder(
  db: Db,
  clientId: number,
  orderType: OrderType,
): Promise<void> {
  if (orderType !== IMMEDIATE_TYPE) return;
  const active = await db
    .selectFrom('orders')
    .select('id')
    .where('client_id', '=', clientId)
    .where('state', 'in', ACTIVE_STATES)
    .where('order_type', '=', IMMEDIATE_TYPE)
    .executeTakeFirst();
  if (active)
    throw new ApiFailure('IN_PROGRESS', 'An error occurred. Another order is in progress.');
}

/** ACTION_NOT_ALLOWED for a timed or subscription order while `limit` of them are open. */
export async function refuseTooManyScheduled(
  db: Db,
  clientId: number,
  orderType: OrderType,
  limit: number,
): Promise<void> {
  if (orderType === IMMEDIATE_TYPE) return;
  const open = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('client_id', '=', clientId)
    .where('state', 'in', ACTIVE_STATES)
    .where('order_type', '!=', IMMEDIATE_TYPE)
    .executeTakeFirstOrThrow();
  if (Number(open.n) >= limit)
    throw new ApiFailure(
      'ACTION_NOT_ALLOWED',
      `At most ${limit} timed and subscription orders may be open; cancel one first`,
    );
}

/**
 * The order a short id names in this corporation, if the secret matches; undefined for an
 * unknown order and a wrong secret alike, in about the same time (one hash compare either way).
 */
export async function findTrackedOrder(
  db: Db,
  corporationId: string,
  shortId: string,
  secret: string,
) {
  const order = await db
    .selectFrom('orders')
    .select([
      'id',
      'short_id',
      'state',
      'order_type',
      'taxi_count',
      'arrived_at',
      'secret_hash',
      'legacy_secret_hash',
      'client_id',
    ])
    .where('corporation_id', '=', corporationId)
    .where('short_id', '=', shortId.toUpperCase())
    .executeTakeFirst();
  // Both compares always run, so that neither the answer nor its time tells which one failed.
  const current = secretMatches(order?.secret_hash, secret);
  const legacy = secretMatches(order?.legacy_secret_hash, secret);
  return order && (current || legacy) ? order : undefined;
}

/** The rating API's findTrackedOrder: ORDER_ACCESS_DENIED for an unknown order or a wrong secret. */
export async function trackedOrder(
  db: Db,
  corporation: Corporation,
  shortId: string,
  secret: string,
) {
  const order = await findTrackedOrder(db, corporation.id, shortId, secret);
  if (!order) throw new ApiFailure('ORDER_ACCESS_DENIED');
  return order;
}

/**
 * Gives orders saved before secrets were hashed (migration 0008) a derived secret, so that their
 * owner can be handed it again; their old links keep working through legacy_secret_hash.
 */
export async function deriveLegacySecrets(db: Db, secrets: OrderSecrets): Promise<number> {
  let changed = 0;
  for (;;) {
    const rows = await db
      .selectFrom('orders')
      .select('id')
      .where('secret_nonce', 'is', null)
      .limit(500)
      .execute();
    if (rows.length === 0) return changed;
    for (const row of rows) {
      // Conditional: another server starting at the same time may have done this row.
      const result = await db
        .updateTable('orders')
        .set(secrets.issue())
        .where('id', '=', row.id)
        .where('secret_nonce', 'is', null)
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
  }
}

/** What the dispatch changes on an order besides its revision. */
export type OrderChanges = Partial<
  Pick<Tables['orders'], 'state' | 'arrived_at' | 'ended_at' | 'price'>
>;

/** The changes, a new time and a new revision, so that a tracking viewer takes the new state. */
function changed(changes: OrderChanges, now: number) {
  return (eb: ExpressionBuilder<Tables, 'orders'>) => ({
    ...changes,
    updated_at: now,
    revision: eb('revision', '+', 1),
  });
}

/** A change of an order (or only its revision): every viewer of it gets a new record. */
export async function touchOrder(
  db: Db,
  orderId: number,
  now: number,
  changes: OrderChanges = {},
): Promise<void> {
  await db.updateTable('orders').set(changed(changes, now)).where('id', '=', orderId).execute();
}

/** Operator and dispatch side: move an order to another state. */
export async function setOrderState(
  db: Db,
  corporationId: string,
  shortId: string,
  state: OrderState,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(changed({ state, ...(['Z', 'M', 'A'].includes(state) ? { ended_at: now } : {}) }, now))
    .where('corporation_id', '=', corporationId)
    .where('short_id', '=', shortId.toUpperCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The corporation of an order, or undefined when there is no such order. */
export async function orderCorporationId(db: Db, orderId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('corporation_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.corporation_id;
}

/** The client's own order a short id names in this corporation (another's is undefined). */
export function clientOrder(db: Db, clientId: number, corporationId: string, shortId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'state'])
    .where('short_id', '=', shortId.toUpperCase())
    .where('client_id', '=', clientId)
    .where('corporation_id', '=', corporationId)
    .executeTakeFirst();
}

/** What an order's links carry, or undefined for no such order or one without a secret yet. */
export async function orderKey(
  db: Db,
  secrets: OrderSecrets,
  orderId: number,
): Promise<OrderKey | undefined> {
  const order = await db
    .selectFrom('orders')
    .select(['short_id', 'secret_nonce'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.secret_nonce === null) return undefined;
  return { shortId: order.short_id, secret: secrets.reveal(order.secret_nonce) };
}

/** Orders whose ride is over (cancelled, no-show, or ended before `endedBefore`), as a subquery. */
export function ridesOver(db: Db, endedBefore: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where((o) => o.or([o('state', 'in', ['A', 'M']), o('ended_at', '<', endedBefore)]));
}

/** Whether the subscription has its ride at this local time already. */
export async function subscriptionRideExists(
  db: Db,
  parentId: number,
  dateTime: string,
): Promise<boolean> {
  const ride = await db
    .selectFrom('orders')
    .select('id')
    .where('parent_id', '=', parentId)
    .where('date_time', '=', dateTime)
    .executeTakeFirst();
  return ride !== undefined;
}

/** What an order's invoice is worked out from (invoices/issue.ts), for each of `ids`. */
export function invoicedOrders(db: Db, ids: number[]) {
  return db
    .selectFrom('orders')
    .select(['id', 'short_id', 'state', 'taxi_count', 'arrived_at', 'price', 'form'])
    .where('id', 'in', ids)
    .execute();
}

/** When a taxi first arrived for the order, and its price so far (the dispatch adds fares). */
export function orderArrivalAndPrice(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['arrived_at', 'price'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/** The columns a new order takes from its form and the dispatch; the rest are set here. */
export type NewOrder = Omit<
  Insertable<Tables['orders']>,
  | 'short_id'
  | 'secret_hash'
  | 'secret_nonce'
  | 'legacy_secret_hash'
  | 'state'
  | 'hidden_in_history'
  | 'created_at'
  | 'updated_at'
>;

/** Saves a new order (state U) with a new short id and secret. */
export function insertOrder(db: Db, secrets: OrderSecrets, order: NewOrder, now: number) {
  return db
    .insertInto('orders')
    .values({
      ...order,
      short_id: newShortId(),
      ...secrets.issue(),
      state: 'U',
      hidden_in_history: 0,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'short_id', 'secret_nonce'])
    .executeTakeFirstOrThrow();
}

/** A client's order placed earlier with the same call_uniqueid (ORDER_SAVE retried). */
export function orderOfCall(db: Db, clientId: number, callUniqueid: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'short_id', 'secret_nonce'])
    .where('client_id', '=', clientId)
    .where('call_uniqueid', '=', callUniqueid)
    .executeTakeFirst();
}

/** What the client's lists show of an order (active orders, the history). */
const LISTED = [
  'id',
  'short_id',
  'secret_nonce',
  'order_type',
  'state',
  'date_time',
  'taxi_count',
  'form',
  'created_at',
] as const;

/** A client's created and in-progress orders. */
export function activeOrdersOf(db: Db, clientId: number) {
  return db
    .selectFrom('orders')
    .select(LISTED)
    .where('client_id', '=', clientId)
    .where('state', 'in', ACTIVE_STATES)
    .execute();
}

/** A client's finished orders not hidden from the history, newest first, of one group if given. */
export function historyOf(db: Db, clientId: number, group: number | undefined, limit: number) {
  let query = db
    .selectFrom('orders')
    .select(LISTED)
    .where('client_id', '=', clientId)
    .where('state', 'in', FINISHED_STATES)
    .where('hidden_in_history', '=', 0);
  if (group !== undefined) query = query.where('taxi_group_id', '=', group);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Hides the client's order from their history; false when they have no such order. */
export async function hideFromHistory(db: Db, clientId: number, orderId: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ hidden_in_history: 1 })
    .where('id', '=', orderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An order's whole row, or undefined. */
export function findOrder(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** What the dispatch decides a step of an order on: its state, type and taxis asked for. */
export function orderStatus(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['state', 'order_type', 'taxi_count'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** Created orders whose time to be dispatched has come. */
export function dueOrders(db: Db, now: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'corporation_id'])
    .where('state', '=', 'U')
    .where('dispatch_at', 'is not', null)
    .where('dispatch_at', '<=', now)
    .orderBy('dispatch_at')
    .limit(200)
    .execute();
}

/** Orders in progress and the taxis each asked for, as a subquery (the dispatch's shortfall). */
export function ordersInProgress(db: Db) {
  return db
    .selectFrom('orders')
    .select(['id', 'corporation_id', 'taxi_count'])
    .where('state', '=', 'T');
}

/** Subscriptions (type R) still running. */
export function runningSubscriptions(db: Db) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('order_type', '=', 'R')
    .where('state', '=', 'U')
    .execute();
}

/** Open orders per state (the orders_open gauge). */
export function openOrderCounts(db: Db) {
  return db
    .selectFrom('orders')
    .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('state', 'not in', GAUGE_LEFT_OUT)
    .groupBy('state')
    .execute();
}

/** What a taxi is shown of orders, as a subquery to join (the driver app's offers and orders). */
export function ordersForTaxis(db: Db) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'short_id',
      'order_type',
      'date_time',
      'form',
      'pickup_lat',
      'pickup_lng',
      'dst_price',
      'route',
      'taxi_count',
    ]);
}

/** What a receipt is worked out from, or undefined for no such order. */
export function orderForReceipt(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'short_id',
      'state',
      'taxi_count',
      'arrived_at',
      'ended_at',
      'created_at',
      'date_time',
      'price',
      'form',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** The corporation and the client of an order, or undefined for no such order. */
export function orderOwner(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['corporation_id', 'client_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}
