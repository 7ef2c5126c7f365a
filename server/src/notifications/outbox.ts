import { isNotifiedStage, LAST_STAGES, rideNotificationText } from '@taxi/contract';
import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { Db } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';
import type { OrderEvent } from '../dispatch/record.ts';
import type { EventBus } from '../events/bus.ts';

/**
 * An empty message whenever pushes were queued: every process drains the outbox at once. Lost
 * while Redis is away; the drain's own round finds them then.
 */
export const PUSH_QUEUED_CHANNEL = 'notifications:queued';

/**
 * Queues the push of an order's new stage to each of its browsers (ride notifications), from the
 * code path that changed it, so that neither a bus outage nor the death of a process loses it.
 * Of several processes publishing the same change, only the one whose update moves the
 * subscriptions' stage queues: each stage is queued once per browser. A ride over takes its
 * subscriptions with it.
 */
export async function queueRidePushes(
  { db, bus, now }: { db: Db; bus: EventBus; now: number },
  orderId: number,
  event: OrderEvent,
): Promise<void> {
  const { stage } = event.record;
  const queued = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('push_subscriptions')
      .set({ stage })
      .where('order_id', '=', orderId)
      .where('stage', '<>', stage)
      .returning(['id', 'endpoint', 'p256dh', 'auth', 'lang'])
      .execute();
    if (LAST_STAGES.includes(stage))
      await trx.deleteFrom('push_subscriptions').where('order_id', '=', orderId).execute();
    if (rows.length === 0 || !isNotifiedStage(stage)) return 0;
    const taxi = event.taxis_data[event.record.accepted_taxis[0] ?? ''];
    await trx
      .insertInto('push_outbox')
      .values(
        rows.map((row) => ({
          order_id: orderId,
          subscription_id: row.id,
          endpoint: row.endpoint,
          p256dh: row.p256dh,
          auth: row.auth,
          stage,
          ...rideNotificationText(stage, row.lang, taxi),
          tag: `ride-${event.record.order_short_id}`,
          created_at: now,
          claimed_at: null,
        })),
      )
      .execute();
    return rows.length;
  });
  if (queued > 0) bus.publish(PUSH_QUEUED_CHANNEL, {});
}

/**
 * A push claimed this long ago and still in the outbox was claimed by a process that died (or
 * stopped) before sending it: another takes it. Longer than a send's queue and time-out, so a live
 * process is rarely doubled; a push sent twice replaces itself (one tag, one topic).
 */
export const CLAIM_LEASE_MS = 2 * 60_000;

/**
 * Takes up to `limit` waiting pushes, oldest first, for this process alone: the update claims only
 * rows unclaimed or claimed past the lease, so that of processes draining at once each push goes
 * to one. A push leaves the outbox once it is handled (pushHandled): none is lost with a process.
 */
export function claimPushes(db: Db, now: number, limit: number) {
  const claimable = (
    eb: ExpressionBuilder<Tables, 'push_outbox'>,
  ): ExpressionWrapper<Tables, 'push_outbox', SqlBool> =>
    eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', now - CLAIM_LEASE_MS)]);
  return db
    .updateTable('push_outbox')
    .set({ claimed_at: now })
    .where('id', 'in', (eb) =>
      eb.selectFrom('push_outbox').select('id').where(claimable).orderBy('id').limit(limit),
    )
    .where(claimable)
    .returning([
      'id',
      'order_id',
      'subscription_id',
      'endpoint',
      'p256dh',
      'auth',
      'stage',
      'title',
      'body',
      'tag',
      'created_at',
    ])
    .execute();
}

/** A push sent, failed for good or dropped: out of the outbox. */
export async function pushHandled(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_outbox').where('id', '=', id).execute();
}

/** Removes the pushes queued before `before` and never handled. */
export async function dropPushesQueuedBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('push_outbox').where('created_at', '<', before).execute();
}
