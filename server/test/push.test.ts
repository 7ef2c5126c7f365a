import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import https from 'node:https';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { trackLink } from '@taxi/contract';
import { pushConfig } from '../src/config.ts';
import { allowedEndpoint } from '../src/notifications/endpoints.ts';
import { assertErr, assertOk, call, signIn } from './api.ts';
import { taxiCorporation } from './fixtures.ts';
import { capturedLog, startApp } from './helpers.ts';
import { taxi } from './live.ts';
import { type Browser, startPushService, vapidKeys } from './push-service.ts';

const push = await startPushService();
after(() => push.close());
const { origin, cert, received, browser } = push;
const vapid = vapidKeys();
const received_ = (device: Browser) => push.pushed(device, vapid);

const log = capturedLog();
const server = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'])],
  config: { push: { vapid, allowedOrigin: origin }, logLevel: 'info' },
  overrides: { pushAgent: new https.Agent({ ca: cert }), logStream: log.stream },
});
const { app } = server;
const { db } = app.services.storage;
const pickup = { lat: 50.06, lng: 19.94, city: 'Kraków', street: 'Grodzka', number: '5' };

const subscriptions = (orderId: number) =>
  db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'lang'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

/** Until the database shows what the background send did (bounded, no fixed sleep). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

let phones = 0;
let calls = 0;
async function order() {
  const token = await signIn(app, `+48605${String(1_000_000 + ++phones).slice(1)}`);
  const saved = assertOk(
    await call(app, 'ORDER_SAVE', { order: { order_type: 'Z', poi: pickup } }, { token }),
  );
  return {
    token,
    orderId: saved.order_id as number,
    // Lower case, as a link may carry it: the server finds the order all the same.
    shortId: (saved.track.order_short_id as string).toLowerCase(),
    track: saved.track,
  };
}

/** PUSH_SUBSCRIBE of `subscription` to the order `shortId`, as the holder of `token`. */
function subscribe(shortId: string, subscription: unknown, token?: string, lang?: string) {
  return call(app, 'PUSH_SUBSCRIBE', { order_short_id: shortId, subscription }, { token, lang });
}

describe('ride notifications by Web Push', () => {
  test('GET_PUSH_KEY gives the deployment’s public key to anyone', async () => {
    assert.equal(assertOk(await call(app, 'GET_PUSH_KEY')).public_key, vapid.publicKey);
  });

  test('each stage reaches the passenger’s browsers encrypted, in their language; 410 unsubscribes; the end deletes the rest', async () => {
    const cab = await taxi(app, String(++calls), { lat: pickup.lat, lng: pickup.lng + 0.001 });
    const { token, orderId, shortId, track } = await order();
    const phone = browser('/ok/phone');
    const laptop = browser('/gone/laptop');
    const tablet = browser('/broken/tablet');
    assertOk(await subscribe(shortId, phone.json, token));
    assertOk(await subscribe(shortId, laptop.json, token, 'en'));
    assertOk(await subscribe(shortId, tablet.json, token));
    // Subscribing again renews the one row.
    assertOk(await subscribe(shortId, phone.json, token));
    assert.equal((await subscriptions(orderId)).length, 3);

    await app.services.dispatch.tick();
    await cab.ok('OFFER_ACCEPT', { order_id: orderId });
    const url = trackLink({ shortId: track.order_short_id, secret: track.secret });
    const tag = `ride-${track.order_short_id}`;
    assert.deepEqual(await received_(phone), {
      title: 'Taksówka jedzie do Ciebie',
      body: 'white Toyota Prius, KR 1',
      url,
      tag,
    });
    assert.deepEqual(await received_(laptop), {
      title: 'Your taxi is on its way',
      body: 'white Toyota Prius, KR 1',
      url,
      tag,
    });
    await received_(tablet);
    await until(
      async () => (await subscriptions(orderId)).every((s) => !s.endpoint.includes('/gone/')),
      'the 410 subscription to go',
    );
    assert.deepEqual(
      (await subscriptions(orderId)).map((s) => s.lang),
      ['pl', 'pl'],
      'the 500 one stays (a passing failure)',
    );

    await cab.ok('ORDER_ARRIVED', { order_id: orderId });
    assert.deepEqual(await received_(phone), {
      title: 'Taksówka przyjechała',
      body: 'white Toyota Prius, KR 1 czeka na Ciebie',
      url,
      tag,
    });
    await cab.ok('ORDER_CLIENT_IN', { order_id: orderId });
    await cab.ok('RIDE_END', { order_id: orderId, price: 20 });
    assert.equal((await received_(phone)).title, 'Kurs zakończony');
    assert.deepEqual(await subscriptions(orderId), [], 'the ride is over: no subscription left');
    assert.equal(received.filter((r) => r.path === phone.path).length, 0, 'each stage once');
  });

  test('a cancelled order is pushed once and its subscriptions go', async () => {
    const { token, orderId, shortId } = await order();
    const phone = browser('/ok/cancel');
    assertOk(await subscribe(shortId, phone.json, token, 'en'));
    await app.services.dispatch.cancel(orderId);
    assert.deepEqual(
      { ...(await received_(phone)), url: '', tag: '' },
      { title: 'Order cancelled', body: 'Your taxi order was cancelled', url: '', tag: '' },
    );
    assert.deepEqual(await subscriptions(orderId), []);
    assertErr(await subscribe(shortId, phone.json, token), 'ACTION_NOT_ALLOWED');
  });

  test('endpoints other than known push services or the allowed origin are refused (SSRF)', async () => {
    const { token, orderId, shortId } = await order();
    const { keys } = browser('/ok/x').json;
    for (const endpoint of [
      'http://127.0.0.1/push',
      `${origin.replace('https:', 'http:')}/ok/x`,
      'https://127.0.0.1:1/ok/x',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/send/x',
      'https://fcm.googleapis.com:8443/send/x',
      'https://user:pw@fcm.googleapis.com/send/x',
      'file:///etc/passwd',
      'not a url',
    ]) {
      assertErr(await subscribe(shortId, { endpoint, keys }, token), 'INVALID_DATA');
    }
    for (const bad of [
      { p256dh: keys.p256dh.slice(1), auth: keys.auth },
      { p256dh: keys.p256dh, auth: `${keys.auth}AA` },
      { p256dh: `A${keys.p256dh.slice(1)}`, auth: keys.auth },
      {},
    ])
      assertErr(
        await subscribe(shortId, { endpoint: `${origin}/ok/x`, keys: bad }, token),
        'ARG_ERROR',
      );
    assert.deepEqual(await subscriptions(orderId), []);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
    ])
      assert.ok(allowedEndpoint(endpoint, ''), endpoint);
    assert.ok(!allowedEndpoint(`${origin}/ok/x`, ''), 'the test origin only when allowed');
  });

  test('only the order’s owner subscribes, a few browsers per order, within a rate limit', async () => {
    const { token, orderId, shortId } = await order();
    const stranger = await order();
    const device = browser('/ok/owner');
    const subscribe = (fields: object, as?: string) =>
      call(
        app,
        'PUSH_SUBSCRIBE',
        { order_short_id: shortId, subscription: device.json, ...fields },
        { token: as },
      );
    assertErr(await subscribe({}), 'ACCESS_DENIED');
    assertErr(await subscribe({}, stranger.token), 'NOT_FOUND');
    assertErr(
      await call(
        app,
        'PUSH_UNSUBSCRIBE',
        { order_short_id: shortId, endpoint: device.json.endpoint },
        { token: stranger.token },
      ),
      'NOT_FOUND',
    );
    for (let i = 0; i < 5; i++)
      assertOk(await subscribe({ subscription: browser(`/ok/owner-${i}`).json }, token));
    assertErr(
      await subscribe({ subscription: browser('/ok/owner-6').json }, token),
      'ACTION_NOT_ALLOWED',
    );
    assertOk(
      await call(
        app,
        'PUSH_UNSUBSCRIBE',
        { order_short_id: shortId, endpoint: `${origin}/ok/owner-0` },
        { token },
      ),
    );
    assert.equal((await subscriptions(orderId)).length, 4);
    let refused = 0;
    for (let i = 0; i < 30; i++) if ((await subscribe({}, token)).status === 'ERR') refused += 1;
    assert.ok(refused > 0, 'PUSH_SUBSCRIBE is rate-limited per client');
  });

  test('VAPID keys come from the operator command; none is off, half of them stops the start', () => {
    const printed = execFileSync(
      process.execPath,
      [path.join(import.meta.dirname, '../src/cli.ts'), 'vapid-keys'],
      {
        encoding: 'utf8',
      },
    );
    const env = Object.fromEntries(
      printed
        .trim()
        .split('\n')
        .map((line) => line.split('=')),
    );
    assert.deepEqual(Object.keys(env), ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']);
    const config = pushConfig({ ...env, VAPID_SUBJECT: 'mailto:ops@taxi.example' });
    assert.equal(config.vapid?.publicKey, env.VAPID_PUBLIC_KEY);
    assert.deepEqual(pushConfig({}), { vapid: null, allowedOrigin: '' });
    assert.throws(() => pushConfig(env), /VAPID_SUBJECT/);
    assert.throws(() => pushConfig({ VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY }), /VAPID_PUBLIC_KEY/);
    assert.throws(
      () => pushConfig({ PUSH_ALLOWED_ORIGIN: 'https://push.example/path' }),
      /PUSH_ALLOWED_ORIGIN/,
    );
  });

  test('without VAPID keys Web Push is off: no key, no subscription', async () => {
    const off = (await startApp()).app;
    assert.equal(assertOk(await call(off, 'GET_PUSH_KEY')).public_key, null);
    const token = await signIn(off, '+48605999999');
    const { track } = assertOk(
      await call(off, 'ORDER_SAVE', { order: { poi: pickup } }, { token }),
    );
    const reply = await call(
      off,
      'PUSH_SUBSCRIBE',
      {
        order_short_id: track.order_short_id,
        subscription: {
          ...browser('/ok/off').json,
          endpoint: 'https://fcm.googleapis.com/fcm/send/off',
        },
      },
      { token },
    );
    assertErr(reply, 'ACTION_NOT_ALLOWED');
    assert.equal(reply.status_mesg, 'Notifications are off on this server');
  });

  test('the log never holds an endpoint, a key or a message', () => {
    const text = log.text();
    assert.match(text, /a push was not delivered/, 'the 500 was logged');
    assert.doesNotMatch(text, /\/ok\/|\/gone\/|\/broken\/|p256dh|Taksówka|KR 1/);
  });
});
