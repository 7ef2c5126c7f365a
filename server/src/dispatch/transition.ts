import { withLock } from '../db/storage.ts';
import { type OrderChanges, touchOrder } from '../orders/store.ts';
import type { DispatcherOptions, Trx } from './options.ts';
import { type Effects, publishEffects } from './publishing.ts';
import type { LogAction } from './tables.ts';
import { orderEvent } from '../metrics/record.ts';

/** One transition in the making: its transaction, its time, and what it has changed so far. */
export interface Change {
  trx: Trx;
  now: number;
  effects: Effects;
}

/**
 * Runs `work` under the corporation's dispatch lock (one transaction), then publishes what it
 * changed.
 */
export async function transition<T>(
  o: DispatcherOptions,
  corporationId: string,
  now: number,
  work: (change: Change) => Promise<T>,
): Promise<T> {
  const effects: Effects = { orders: new Set(), taxis: new Set() };
  const result = await withLock(o.storage, [`dispatch:${corporationId}`], (trx) =>
    work({ trx, now, effects }),
  );
  await publishEffects(o, corporationId, effects);
  return result;
}

/** Writes an entry of the order log. */
export async function logEntry(
  { trx, now }: Pick<Change, 'trx' | 'now'>,
  orderId: number,
  action: LogAction,
  callNumber: string | null,
  details: object,
): Promise<void> {
  orderEvent(action);
  await trx
    .insertInto('order_log')
    .values({
      order_id: orderId,
      action,
      call_number: callNumber,
      details: JSON.stringify(details),
      created_at: now,
    })
    .execute();
}

/** Changes the order (or only its revision) and has its record published. */
export async function touch(
  { trx, now, effects }: Change,
  orderId: number,
  changes: OrderChanges = {},
): Promise<void> {
  await touchOrder(trx, orderId, now, changes);
  effects.orders.add(orderId);
}
