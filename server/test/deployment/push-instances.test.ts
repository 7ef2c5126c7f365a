import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { trackLink } from '@taxi/contract';
import { gridPoint } from '../fixtures/make-town.ts';
import { post, signInThroughOutbox } from '../support/process-calls.ts';
import { startDeployment } from '../support/process-setup.ts';
import { privateRedis } from '../support/private-services.ts';
import { startPushService, vapidKeys } from '../support/push-service.ts';

test(
  'a subscription taken by process A is pushed by process B after A dies (PostgreSQL + Redis)',
  { timeout: 90_000 },
  async () => {
    const redis = await privateRedis();
    after(() => redis.stop());
    const push = await startPushService();
    after(() => push.close());
    const vapid = vapidKeys();
    // B starts first, while no order has a subscription: it must learn of A's.
    const { servers } = await startDeployment({
      processes: ['b', 'a'],
      redisUrl: redis.url,
      database: 'taxi_server_push',
      taxis: ['7'],
      env: {
        LOG_LEVEL: 'warn',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: vapid.subject,
        PUSH_ALLOWED_ORIGIN: push.origin,
        // The server processes trust the local push service's certificate.
        NODE_EXTRA_CA_CERTS: push.certFile,
      },
    });
    const { a, b } = servers;

    // The passenger orders and subscribes through A.
    const auth = await signInThroughOutbox(a.base, '+48608000071');
    assert.ok(auth, 'signed in on A');
    const saved = await post(a.base, '/api/2/', {
      action_id: 'ORDER_SAVE',
      auth,
      order: { order_type: 'Z', poi: { ...gridPoint(2, 2), street: 'Grodzka' } },
    });
    assert.equal(saved.status, 'OK', JSON.stringify(saved));
    const phone = push.browser('/ok/phone');
    const subscribed = await post(a.base, '/api/2/', {
      action_id: 'PUSH_SUBSCRIBE',
      auth,
      order_short_id: saved.track.order_short_id,
      subscription: phone.json,
    });
    assert.equal(subscribed.status, 'OK', JSON.stringify(subscribed));
    await a.kill();

    // The taxi takes the order through B, the only process left.
    const driverCall = async (action: string, fields: Record<string, unknown> = {}) =>
      post(b.base, '/driver/api/1/', { action_id: action, ...fields }, false);
    const { token } = await driverCall('LOGIN', { call_number: '7', password: 'secret-7' });
    const driver = (action: string, fields: Record<string, unknown> = {}) =>
      driverCall(action, { token, ...fields });
    assert.equal((await driver('TAXI_POSITION', { ...gridPoint(2, 3), state: 'W' })).status, 'OK');
    let offered = false;
    for (let round = 0; !offered && round < 10; round++)
      offered = (await driver('GET_OFFERS', { wait: 5 })).offers.some(
        (offer: { order_id: number }) => offer.order_id === saved.order_id,
      );
    assert.ok(offered, 'the order was offered to the taxi on B');
    assert.equal((await driver('OFFER_ACCEPT', { order_id: saved.order_id })).status, 'OK');
    assert.deepEqual(await push.pushed(phone, vapid), {
      title: 'Your taxi is on its way',
      body: 'red Kia Niro, KR 7000',
      url: trackLink({ shortId: saved.track.order_short_id, secret: saved.track.secret }),
      tag: `ride-${saved.track.order_short_id}`,
    });
    assert.equal((await driver('ORDER_ARRIVED', { order_id: saved.order_id })).status, 'OK');
    assert.equal((await push.pushed(phone, vapid)).title, 'Your taxi has arrived');
    assert.deepEqual(
      push.received.filter((r) => r.path === phone.path),
      [],
      'each stage pushed once',
    );
  },
);
