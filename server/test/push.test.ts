import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { LookupAddress, LookupOptions } from 'node:dns';
import path from 'node:path';
import { parse as legacyParse } from 'node:url';
import { after, describe, test } from 'node:test';
import { trackLink } from '@taxi/contract';
import { pushConfig } from '../src/base/config.ts';
import { publicAddress } from '../src/notifications/addresses.ts';
import { allowedEndpoint } from '../src/notifications/endpoints.ts';
import { assertErr, assertOk, call, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, startApp } from './support/helpers.ts';
import { taxi } from './support/live.ts';
import { type Browser, startPushService, vapidKeys } from './support/push-service.ts';
import { until } from './support/until.ts';

const push = await startPushService();
after(() => push.close());
const { origin, cert, received, browser } = push;
const vapid = vapidKeys();
const received_ = (device: Browser) => push.pushed(device, vapid);

/** The DNS of the tests: push service names an attacker pointed at private addresses. */
const dnsRecords: Record<string, string> = {
  'loop.fcm.googleapis.com': '127.0.0.1',
  'ten.fcm.googleapis.com': '10.1.2.3',
  'mapped.fcm.googleapis.com': '::ffff:192.168.0.7',
};
const asked: string[] = [];
function lookup(
  hostname: string,
  options: LookupOptions,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
): void {
  asked.push(hostname);
  const address = dnsRecords[hostname];
  if (!address) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), '');
  const family = address.includes(':') ? 6 : 4;
  if (options.all) callback(null, [{ address, family }]);
  else callback(null, address, family);
}

const log = capturedLog();
const server = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'])],
  config: { push: { vapid, allowedOrigin: origin }, logLevel: 'info' },
  overrides: { pushNetwork: { ca: cert, lookup }, logStream: log.stream },
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
      'the 410 subscription to go',
      async () => (await subscriptions(orderId)).every((s) => !s.endpoint.includes('/gone/')),
      5_000,
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
      // Node's url.parse (which web-push sends with) ends the host at the quote: 10.0.0.5.
      "https://10.0.0.5'.fcm.googleapis.com/x",
      'https://10.0.0.5%27.fcm.googleapis.com/x',
      'https://10.0.0.5\\.fcm.googleapis.com/x',
      'https://10.0.0.5\t.fcm.googleapis.com/x',
      "https://fcm.googleapis.com/send/x'y",
      'https://fcm.googleapis.com/send/x#y',
      'https://fcm_x.googleapis.com/send/x',
      'https://xn--fcm-.fcm.googleapis.com./send/x',
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
      'https://fcm.googleapis.com:443/fcm/send/abc:APA91b-x_y%3D',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
    ]) {
      assert.ok(allowedEndpoint(endpoint, ''), endpoint);
      // What is checked is what web-push calls: its parser reads the same host, port and path.
      const checked = new URL(endpoint);
      const called = legacyParse(endpoint);
      assert.deepEqual(
        [called.hostname, called.port ?? '443', called.path],
        [checked.hostname, checked.port || '443', checked.pathname + checked.search],
      );
    }
    assert.ok(!allowedEndpoint(`${origin}/ok/x`, ''), 'the test origin only when allowed');
  });

  test('a push goes only to a public address: a stored trick endpoint or a name resolving to a private one is never sent', async () => {
    const { token, orderId, shortId } = await order();
    const phone = browser('/ok/public-only');
    assertOk(await subscribe(shortId, phone.json, token, 'en'));
    // Rows stored before the stricter check, and names whose DNS an attacker controls.
    const tricks = [
      "https://10.0.0.5'.fcm.googleapis.com/x",
      'https://loop.fcm.googleapis.com/x',
      'https://ten.fcm.googleapis.com/x',
      'https://mapped.fcm.googleapis.com/x',
    ];
    const { keys } = phone.json;
    await db
      .insertInto('push_subscriptions')
      .values(
        tricks.map((endpoint) => ({
          order_id: orderId,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          lang: 'en',
          stage: '',
          created_at: Date.now(),
        })),
      )
      .execute();
    const refusedBefore = log.text().split('a push to a private address was refused').length;
    await app.services.dispatch.cancel(orderId);
    assert.equal((await received_(phone)).title, 'Order cancelled');
    await until(
      'every trick endpoint to be refused',
      async () =>
        log.text().split('a push to a private address was refused').length - refusedBefore ===
        tricks.length,
      5_000,
    );
    assert.ok(
      ['loop', 'ten', 'mapped'].every((name) => asked.includes(`${name}.fcm.googleapis.com`)),
      'the names were resolved and their addresses checked before connecting',
    );
    assert.ok(!asked.some((name) => name.startsWith('10.0.0.5')), 'the trick host never looked up');
    for (const address of [
      '169.254.169.254',
      '172.31.0.1',
      '100.64.0.1',
      'fe80::1',
      'fd00::1',
      '::1',
    ])
      assert.ok(!publicAddress(address), address);
    for (const address of ['142.250.74.10', '2a00:1450:4001::200a'])
      assert.ok(publicAddress(address), address);
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
    // The test push service's allowance (any port, a loopback address) never runs in production.
    assert.equal(pushConfig({ PUSH_ALLOWED_ORIGIN: origin }).allowedOrigin, origin);
    assert.throws(
      () => pushConfig({ PUSH_ALLOWED_ORIGIN: origin, NODE_ENV: 'production' }),
      /PUSH_ALLOWED_ORIGIN.*production/,
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
