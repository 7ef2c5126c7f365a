import type { Db } from '../db/storage.ts';
import { ridesOver } from '../orders/store.ts';
import type { BrowserSubscription } from './endpoints.ts';

/** Browsers other than this endpoint subscribed to the order's pushes. */
export async function otherSubscriptions(
  db: Db,
  orderId: number,
  endpoint: string,
): Promise<number> {
  const others = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', orderId)
    .where('endpoint', '<>', endpoint)
    .executeTakeFirstOrThrow();
  return Number(others.count);
}

/** Subscribes a browser to an order's pushes; subscribing again renews its keys and language. */
export async function subscribe(
  db: Db,
  orderId: number,
  subscription: BrowserSubscription,
  lang: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ order_id: orderId, ...subscription, lang, stage: '', created_at: now })
    .onConflict((oc) =>
      oc.columns(['order_id', 'endpoint']).doUpdateSet({
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        lang,
      }),
    )
    .execute();
}

/** A browser no longer wants the order's pushes. */
export async function unsubscribe(db: Db, orderId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('order_id', '=', orderId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** A subscription the push service says is gone. */
export async function dropSubscription(db: Db, subscriptionId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
}

/** Subscriptions of rides over: cancelled, no-show, or ended before `endedBefore`. */
export async function dropSubscriptionsOfRidesOver(db: Db, endedBefore: number): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('order_id', 'in', ridesOver(db, endedBefore))
    .execute();
}
