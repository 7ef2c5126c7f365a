import { orderCorporationId } from '../orders/store.ts';
import { orderEvent } from './record.ts';
import type { DispatcherOptions } from './options.ts';

/** What a transition changed, to be published once it is committed. */
export interface Effects {
  orders: Set<number>;
  taxis: Set<string>;
}

/** Bus channels. */
export const channels = {
  /** OrderEvent after every change of the order. */
  order: (orderId: number) => `order:${orderId}`,
  /** An empty message whenever a taxi's offers or orders change (wakes its GET_OFFERS wait). */
  taxiWork: (corporationId: string, callNumber: string) =>
    `taxi-work:${corporationId}:${callNumber}`,
  /** Something to dispatch: every process runs its dispatch round soon. */
  wake: 'dispatch:wake',
  /** TaxiBlocked: the operator blocked a taxi; every process ends its driver app's sessions. */
  taxiBlocked: 'taxi:blocked',
};

/** The message of `channels.taxiBlocked`. */
export interface TaxiBlocked {
  corporation_id: string;
  call_number: string;
}

/** Tells the taxis whose work changed, and publishes the records of the orders that changed. */
export async function publishEffects(
  o: DispatcherOptions,
  corporationId: string,
  effects: Effects,
): Promise<void> {
  for (const call of effects.taxis) o.bus.publish(channels.taxiWork(corporationId, call), {});
  for (const orderId of effects.orders) await publishOrder(o, orderId);
}

/**
 * Publishes the order's tracking record on the bus, and queues the pushes of a new stage and the
 * receipt mail of a finished ride.
 */
export async function publishOrder(o: DispatcherOptions, orderId: number): Promise<void> {
  const corporationId = await orderCorporationId(o.storage.db, orderId);
  const corporation = corporationId && o.corporations.byId(corporationId);
  if (!corporation) return;
  const now = o.clock.now();
  const event = await orderEvent(o.storage.db, corporation, orderId, o.routes, now);
  if (!event) return;
  // The change is committed: a failure here must not fail the call that made it.
  await o.hooks
    .queueRidePushes({ db: o.storage.db, bus: o.bus, now }, orderId, event)
    .catch((error: unknown) =>
      o.log.error({ err: error }, 'notifications: the pushes of a new stage were not queued'),
    );
  if (event.record.stage === 'finished')
    await o.hooks
      .queueReceiptMail({ db: o.storage.db, bus: o.bus, now }, orderId)
      .catch((error: unknown) =>
        o.log.error({ err: error }, 'mail: the receipt of a finished ride was not queued'),
      );
  o.bus.publish(channels.order(orderId), event);
}
