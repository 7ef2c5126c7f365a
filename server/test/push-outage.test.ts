import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { assertOk, call, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { CLAIM_LEASE_MS } from '../src/notifications/outbox.ts';
import { startApp } from './support/helpers.ts';
import { taxi } from './support/live.ts';
import { privateRedis } from './support/private-services.ts';
import { type Browser, startPushService, type Vapid, vapidKeys } from './support/push-service.ts';
import { until } from './support/until.ts';

const pickup = { lat: 50.06, lng: 19.94, city: 'Kraków', street: 'Grodzka', number: '5' };

type App = Awaited<ReturnType<typeof startApp>>['app'];
type PushService = Awaited<ReturnType<typeof startPushService>>;

/** A passenger's order, and a browser of theirs subscribed to its pushes in English. */
async function subscribedOrder(app: App, push: PushService, phoneNumber: string, path: string) {
  const token = await signIn(app, phoneNumber);
  const saved = assertOk(
    await call(app, 'ORDER_SAVE', { order: { order_type: 'Z', poi: pickup } }, { token }),
  );
  const phone = push.browser(path);
  assertOk(
    await call(
      app,
      'PUSH_SUBSCRIBE',
      { order_short_id: saved.track.order_short_id, subscription: phone.json },
      { token, lang: 'en' },
    ),
  );
  return { saved, phone };
}

/** The device's next push, or a failure naming what never came. */
function nextPush(push: PushService, vapid: Vapid, device: Browser, what: string) {
  return Promise.race([
    push.pushed(device, vapid),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no push: ${what}`)), 10_000).unref(),
    ),
  ]);
}

test(
  'stages changed while Redis is away are pushed all the same, each exactly once',
  { timeout: 60_000 },
  async () => {
    const redis = await privateRedis();
    after(redis.remove);
    const push = await startPushService();
    after(() => push.close());
    const vapid = vapidKeys();
    const { app } = await startApp({
      corporations: [taxiCorporation('demo', ['localhost'])],
      config: { push: { vapid, allowedOrigin: push.origin }, redis: { url: redis.url } },
      overrides: { pushNetwork: { ca: push.cert } },
    });
    const next = (device: Browser, stage: string) => nextPush(push, vapid, device, stage);

    const cab = await taxi(app, '1', { lat: pickup.lat, lng: pickup.lng + 0.001 });
    const { saved, phone } = await subscribedOrder(app, push, '+48605999001', '/ok/outage');

    await redis.stop();
    await app.services.dispatch.tick();
    await cab.ok('OFFER_ACCEPT', { order_id: saved.order_id });
    await cab.ok('ORDER_ARRIVED', { order_id: saved.order_id });
    assert.equal((await next(phone, 'taxi_on_the_way')).title, 'Your taxi is on its way');
    assert.equal((await next(phone, 'taxi_arrived')).title, 'Your taxi has arrived');
    assert.equal(app.services.bus.connected?.(), false, 'Redis was away all along');

    await redis.start();
    await cab.ok('ORDER_CLIENT_IN', { order_id: saved.order_id });
    await cab.ok('RIDE_END', { order_id: saved.order_id, price: 20 });
    assert.equal((await next(phone, 'finished')).title, 'Ride finished');
    // Each stage once: nothing waits in the outbox, and after two more rounds of the drain (one
    // a second) and the bus back, no second copy has come.
    const { db } = app.services.storage;
    await until('each push to leave the outbox once sent', async () => {
      const waiting = await db
        .selectFrom('push_outbox')
        .select('stage')
        .where('order_id', '=', saved.order_id)
        .execute();
      return waiting.length === 0;
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.deepEqual(
      push.received.filter((r) => r.path === phone.path),
      [],
      'no stage pushed twice',
    );
  },
);

test('a push claimed by a process that died before sending it is sent by another after the lease', async () => {
  const push = await startPushService();
  after(() => push.close());
  const vapid = vapidKeys();
  const { app } = await startApp({
    corporations: [taxiCorporation('demo', ['localhost'])],
    config: { push: { vapid, allowedOrigin: push.origin } },
    overrides: { pushNetwork: { ca: push.cert } },
  });
  const { saved, phone } = await subscribedOrder(app, push, '+48605999002', '/ok/died');
  const { db } = app.services.storage;
  const subscription = await db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('order_id', '=', saved.order_id)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const row = (stage: string, title: string, claimedAt: number) => ({
    order_id: saved.order_id,
    subscription_id: subscription.id,
    endpoint: subscription.endpoint,
    p256dh: subscription.p256dh,
    auth: subscription.auth,
    stage,
    title,
    body: '',
    tag: `ride-${saved.track.order_short_id}`,
    created_at: claimedAt,
    claimed_at: claimedAt,
  });
  // One process claimed "on its way" and died before sending it; another is sending "arrived".
  await db
    .insertInto('push_outbox')
    .values([
      row('taxi_on_the_way', 'Your taxi is on its way', now - CLAIM_LEASE_MS - 1_000),
      row('taxi_arrived', 'Your taxi has arrived', now),
    ])
    .execute();
  const pushed = await nextPush(push, vapid, phone, 'the push of the process that died');
  assert.equal(pushed.title, 'Your taxi is on its way');
  // The one sent leaves; the one a live process claimed stays, unsent.
  await until('the push sent to leave the outbox', async () => {
    const left = await db.selectFrom('push_outbox').select('stage').execute();
    return left.length === 1 && left[0]!.stage === 'taxi_arrived';
  });
});
