import {
  isNotifiedStage,
  type NotifiedStage,
  type RidePushMessage,
  trackLink,
} from '@taxi/contract';
import type { FastifyInstance } from 'fastify';
import { ApiFailure } from '../base/errors.ts';
import { pushOutcome } from '../metrics/record.ts';
import { spend, type RateLimiter } from '../events/limits.ts';
import { clientOrder, orderKey } from '../orders/store.ts';
import type { Services } from '../base/services.ts';
import { readSubscription } from './endpoints.ts';
import { claimPushes, dropPushesQueuedBefore, pushHandled, PUSH_QUEUED_CHANNEL } from './outbox.ts';
import { type Delivery, type PushNetwork, pushSender } from './sender.ts';
import {
  dropSubscription,
  dropSubscriptionsOfRidesOver,
  otherSubscriptions,
  subscribe,
  unsubscribe,
} from './store.ts';
import { serialDrain } from '../events/drain.ts';

/** Browsers (devices) of one order that may get its pushes. */
export const SUBSCRIPTIONS_PER_ORDER = 5;
/** PUSH_SUBSCRIBE and PUSH_UNSUBSCRIBE per client per hour. */
export const PUSH_CALLS_PER_CLIENT_PER_HOUR = 30;
/** Subscriptions of rides over (missed events, operator changes) are swept this often. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** A settled order's ride is over by then (ended_at is set when the client gets in). */
const RIDE_LONGEST_MS = 12 * 3_600_000;
/**
 * The outbox is drained this often besides each PUSH_QUEUED_CHANNEL message, which a Redis
 * outage loses.
 */
const DRAIN_EVERY_MS = 1_000;
/** Pushes claimed at once by one process. */
const DRAIN_BATCH = 50;
/** A push never handled (no process with VAPID keys ran) is removed this late: stale long before. */
const OUTBOX_KEPT_MS = 24 * 3_600_000;
/** An undelivered 'taxi arrived' is stale after a few minutes; the others keep longer. */
const TTL_SECONDS: Record<NotifiedStage, number> = {
  taxi_on_the_way: 15 * 60,
  taxi_arrived: 5 * 60,
  finished: 60 * 60,
  no_show: 60 * 60,
  cancelled: 60 * 60,
};

export interface NotificationOptions {
  services: Services;
  /** How pushes reach the network (tests' certificate and DNS). */
  network?: PushNetwork | undefined;
}

/**
 * Ride notifications by Web Push (docs/ride-notifications.md): the owner of an order subscribes
 * a browser; every stage change is queued in the outbox where it is made (outbox.ts) and pushed
 * from there by one process, in the language the browser subscribed in, until the ride ends.
 */
export async function notificationsPlugin(app: FastifyInstance, options: NotificationOptions) {
  const { services } = options;
  const { db } = services.storage;
  const { vapid = null, allowedOrigin = '' } = services.config.push ?? {};
  const sender = vapid ? pushSender({ vapid, allowedOrigin }, app.log, options.network) : undefined;
  const onError = (error: unknown) =>
    app.log.error({ err: error }, 'notifications: the outbox was not drained');

  /** Sends what this process claimed; a browser's pushes one after another, in stage order. */
  async function sendClaimed(
    push: NonNullable<typeof sender>,
    rows: Awaited<ReturnType<typeof claimPushes>>,
  ): Promise<void> {
    const now = services.clock.now();
    const urls = new Map<number, string>();
    const bySubscription = new Map<number, typeof rows>();
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      if (!urls.has(row.order_id)) {
        const key = await orderKey(db, services.orderSecrets, row.order_id);
        urls.set(row.order_id, key ? trackLink(key) : '/');
      }
      bySubscription.set(row.subscription_id, [
        ...(bySubscription.get(row.subscription_id) ?? []),
        row,
      ]);
    }
    for (const queued of bySubscription.values())
      void (async () => {
        for (const row of queued) {
          if (!isNotifiedStage(row.stage)) {
            await pushHandled(db, row.id);
            continue;
          }
          // Waiting counts against its time to live: a push late past it is not sent at all.
          const ttlSeconds = TTL_SECONDS[row.stage] - Math.floor((now - row.created_at) / 1000);
          if (ttlSeconds <= 0) {
            pushOutcome('dropped');
            await pushHandled(db, row.id);
            continue;
          }
          const message: RidePushMessage = {
            title: row.title,
            body: row.body,
            url: urls.get(row.order_id)!,
            tag: row.tag,
          };
          const delivery: Delivery = {
            subscription: row,
            message,
            ttlSeconds,
            topic: `ride${row.order_id}`,
            gone: () => dropSubscription(db, row.subscription_id),
          };
          // Not tried (the process is closing): left claimed, for another process after the lease.
          if (!(await push.send(delivery))) return;
          await pushHandled(db, row.id);
        }
      })().catch(onError);
  }

  /** Claims and sends what waits, a batch a round. */
  const outbox = serialDrain(async () => {
    if (!sender) return false;
    const rows = await claimPushes(db, services.clock.now(), DRAIN_BATCH);
    await sendClaimed(sender, rows);
    return rows.length === DRAIN_BATCH;
  });
  const drain = outbox.drain;

  /**
   * Subscriptions of rides that ended without a stage change through the dispatch (an operator's
   * change): cancelled or no-show orders, and orders settled (client in the taxi) long enough ago
   * that the ride is surely over; and the outbox's old pushes.
   */
  async function sweep(): Promise<void> {
    const now = services.clock.now();
    await dropSubscriptionsOfRidesOver(db, now - RIDE_LONGEST_MS);
    await dropPushesQueuedBefore(db, now - OUTBOX_KEPT_MS);
  }

  await sweep();
  const stopHearing = await services.bus.subscribe(
    PUSH_QUEUED_CHANNEL,
    () => void drain().catch(onError),
  );
  const sweeper = setInterval(() => void sweep().catch(onError), SWEEP_EVERY_MS);
  sweeper.unref();
  const drainer = setInterval(() => void drain().catch(onError), DRAIN_EVERY_MS);
  drainer.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearInterval(drainer);
    stopHearing();
    await outbox.settled();
    sender?.stop();
  });

  /** The caller's own order, still going; another client's or corporation's is NOT_FOUND. */
  async function ownOrder(
    clientId: number,
    corporationId: string,
    shortId: string,
    limits: RateLimiter,
  ) {
    await spend(
      limits,
      `push:${clientId}`,
      PUSH_CALLS_PER_CLIENT_PER_HOUR,
      3_600_000,
      'Too many notification changes; try again later',
    );
    const order = await clientOrder(db, clientId, corporationId, shortId);
    if (!order) throw new ApiFailure('NOT_FOUND', 'No such order of this client');
    return order;
  }

  services.actions.add({
    async GET_PUSH_KEY() {
      return { public_key: vapid?.publicKey ?? null };
    },

    async PUSH_SUBSCRIBE(context) {
      const client = await context.client();
      const shortId = context.payload.order_short_id;
      const subscription = readSubscription(context.payload.subscription, allowedOrigin);
      const order = await ownOrder(client.id, context.corporation.id, shortId, services.limits);
      const orderId = order.id;
      if (!vapid)
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'Notifications are off on this server');
      if (order.state === 'A' || order.state === 'M')
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'The ride is over');
      if ((await otherSubscriptions(db, orderId, subscription.endpoint)) >= SUBSCRIPTIONS_PER_ORDER)
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'Too many devices for this order');
      await subscribe(db, orderId, subscription, context.lang, services.clock.now());
      return {};
    },

    async PUSH_UNSUBSCRIBE(context) {
      const client = await context.client();
      const { order_short_id: shortId, endpoint } = context.payload;
      const order = await ownOrder(client.id, context.corporation.id, shortId, services.limits);
      await unsubscribe(db, order.id, endpoint);
      return {};
    },
  });
}
