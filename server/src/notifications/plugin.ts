import {
  isNotifiedStage,
  LAST_STAGES,
  type NotifiedStage,
  rideNotificationText,
  type RidePushMessage,
  trackLink,
} from '@taxi/contract';
import type { FastifyInstance } from 'fastify';
import { text } from '../api/fields.ts';
import { channels } from '../dispatch/publishing.ts';
import type { OrderEvent } from '../dispatch/record.ts';
import { ApiFailure } from '../errors.ts';
import { spend, type RateLimiter } from '../events/limits.ts';
import type { Unsubscribe } from '../events/bus.ts';
import { clientOrder, orderKey, ridesOver } from '../orders/store.ts';
import type { Services } from '../services.ts';
import { readSubscription } from './endpoints.ts';
import { type Delivery, type PushNetwork, pushSender } from './sender.ts';

/** Browsers (devices) of one order that may get its pushes. */
export const SUBSCRIPTIONS_PER_ORDER = 5;
/** PUSH_SUBSCRIBE and PUSH_UNSUBSCRIBE per client per hour. */
export const PUSH_CALLS_PER_CLIENT_PER_HOUR = 30;
/** Subscriptions of rides over (missed events, operator changes) are swept this often. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** A settled order's ride is over by then (ended_at is set when the client gets in). */
const RIDE_LONGEST_MS = 12 * 3_600_000;
/**
 * `{ order_id }` on every new subscription: every process of the city listens to that order, so
 * that its pushes go on when the process that took the subscription is gone.
 */
export const PUSH_SUBSCRIBED_CHANNEL = 'notifications:subscribed';
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
 * a browser; every stage change the dispatch publishes on the order's bus channel is pushed to it,
 * in the language it subscribed in, until the ride ends.
 */
export async function notificationsPlugin(app: FastifyInstance, options: NotificationOptions) {
  const { services } = options;
  const { db } = services.storage;
  const { vapid = null, allowedOrigin = '' } = services.config.push ?? {};
  const sender = vapid ? pushSender({ vapid, allowedOrigin }, app.log, options.network) : undefined;
  const watched = new Map<number, Promise<Unsubscribe>>();
  const onError = (error: unknown) =>
    app.log.error({ err: error }, 'notifications: an order change was not handled');

  function watch(orderId: number): Promise<Unsubscribe> {
    let watching = watched.get(orderId);
    if (!watching) {
      watching = services.bus.subscribe<OrderEvent>(channels.order(orderId), (event) => {
        void changed(orderId, event).catch(onError);
      });
      watched.set(orderId, watching);
    }
    return watching;
  }

  function unwatch(orderId: number): void {
    const watching = watched.get(orderId);
    watched.delete(orderId);
    void watching?.then((stop) => stop());
  }

  /** Pushes a new stage once: of several processes, the one whose update changes the row sends. */
  async function changed(orderId: number, event: OrderEvent): Promise<void> {
    const { stage } = event.record;
    const last = LAST_STAGES.includes(stage);
    if (last) unwatch(orderId);
    const rows = await db
      .updateTable('push_subscriptions')
      .set({ stage })
      .where('order_id', '=', orderId)
      .where('stage', '<>', stage)
      .returning(['id', 'endpoint', 'p256dh', 'auth', 'lang'])
      .execute();
    // The ride is over: its subscriptions die with it (the sends below hold what they need).
    if (last) await db.deleteFrom('push_subscriptions').where('order_id', '=', orderId).execute();
    if (!sender || rows.length === 0 || !isNotifiedStage(stage)) return;
    const taxi = event.taxis_data[event.record.accepted_taxis[0] ?? ''];
    const key = await orderKey(db, services.orderSecrets, orderId);
    const url = key ? trackLink(key) : '/';
    for (const row of rows) {
      const message: RidePushMessage = {
        ...rideNotificationText(stage, row.lang, taxi),
        url,
        tag: `ride-${event.record.order_short_id}`,
      };
      const delivery: Delivery = {
        subscription: row,
        message,
        ttlSeconds: TTL_SECONDS[stage],
        topic: `ride${orderId}`,
        gone: async () => {
          await db.deleteFrom('push_subscriptions').where('id', '=', row.id).execute();
        },
      };
      sender.send(delivery);
    }
  }

  /**
   * Subscriptions of rides that ended without this process hearing of it (an operator's change, a
   * lost bus message): cancelled or no-show orders, and orders settled (client in the taxi) long
   * enough ago that the ride is surely over.
   */
  async function sweep(): Promise<void> {
    const settledBefore = services.clock.now() - RIDE_LONGEST_MS;
    await db
      .deleteFrom('push_subscriptions')
      .where('order_id', 'in', ridesOver(db, settledBefore))
      .execute();
  }

  await sweep();
  // Subscribed first, so that no subscription made meanwhile by another process is missed.
  const stopHearing = await services.bus.subscribe<{ order_id: unknown }>(
    PUSH_SUBSCRIBED_CHANNEL,
    (message) => {
      if (Number.isSafeInteger(message.order_id))
        void watch(message.order_id as number).catch(onError);
    },
  );
  const orders = await db.selectFrom('push_subscriptions').select('order_id').distinct().execute();
  await Promise.all(orders.map((row) => watch(row.order_id)));
  const timer = setInterval(() => void sweep().catch(onError), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopHearing();
    sender?.stop();
    for (const orderId of [...watched.keys()]) unwatch(orderId);
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
      const shortId = text(context.payload.order_short_id, 'order_short_id', 20);
      const subscription = readSubscription(context.payload.subscription, allowedOrigin);
      const order = await ownOrder(client.id, context.corporation.id, shortId, services.limits);
      const orderId = order.id;
      if (!vapid)
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'Notifications are off on this server');
      if (order.state === 'A' || order.state === 'M')
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'The ride is over');
      const others = await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('order_id', '=', orderId)
        .where('endpoint', '<>', subscription.endpoint)
        .executeTakeFirstOrThrow();
      if (Number(others.count) >= SUBSCRIPTIONS_PER_ORDER)
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'Too many devices for this order');
      // One row per (order, endpoint): a browser subscribing again renews its keys and language.
      await db
        .insertInto('push_subscriptions')
        .values({
          order_id: orderId,
          ...subscription,
          lang: context.lang,
          stage: '',
          created_at: services.clock.now(),
        })
        .onConflict((oc) =>
          oc.columns(['order_id', 'endpoint']).doUpdateSet({
            p256dh: subscription.p256dh,
            auth: subscription.auth,
            lang: context.lang,
          }),
        )
        .execute();
      await watch(orderId);
      services.bus.publish(PUSH_SUBSCRIBED_CHANNEL, { order_id: orderId });
      return {};
    },

    async PUSH_UNSUBSCRIBE(context) {
      const client = await context.client();
      const shortId = text(context.payload.order_short_id, 'order_short_id', 20);
      const endpoint = text(context.payload.endpoint, 'endpoint', 1000);
      const order = await ownOrder(client.id, context.corporation.id, shortId, services.limits);
      await db
        .deleteFrom('push_subscriptions')
        .where('order_id', '=', order.id)
        .where('endpoint', '=', endpoint)
        .execute();
      return {};
    },
  });
}
