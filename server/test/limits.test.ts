import assert from 'node:assert/strict';
import net from 'node:net';
import { Redis } from 'ioredis';
import { describe, test } from 'node:test';
import { limitsConfig } from '../src/base/config.ts';
import { redisLimiter } from '../src/events/limits.ts';
import { assertErr, assertOk, call, fakeClock, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { TOWN_FILE } from './fixtures/make-town.ts';
import { startApp } from './support/helpers.ts';
import { until } from './support/until.ts';
import { driverCall, listen, trackingSocket, trackLogin } from './support/live.ts';

// Each limit small enough to reach; every other one at its default.
const limits = {
  ...limitsConfig({}),
  trackSocketsPerOrder: 2,
  trackMessagesPerSecond: 5,
  quotesPerClientPerMinute: 2,
  ordersPerClientPerHour: 3,
  cancelsPerClientPerHour: 1,
  driverLoginsPerIpPerMinute: 3,
  tilesPerIpPerMinute: 2,
  openScheduledOrdersPerClient: 2,
  connectionTimeoutMs: 300,
};
const clock = fakeClock('2026-03-02T10:00:00Z');
const { app } = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'], { geo: { extract: TOWN_FILE } })],
  config: { limits },
  overrides: { clock },
});
const hostPort = await listen(app);
let phones = 0;
const newClient = () => signIn(app, `+48604${String(1_000_000 + ++phones).slice(1)}`);
const pickup = { lat: 50.003, lng: 20.005, city: 'Testowo', street: 'Grodzka', number: '5' };
const order = (fields: Record<string, unknown> = {}) => ({
  order: { order_type: 'Z', poi: pickup, taxi_count: 1, ...fields },
});
const timed = (hour: number) => order({ order_type: 'T', date_time: `2026-03-02 ${hour}:30` });

describe('limits answer with a catalogue error', () => {
  test('ORDER_SIM per client per minute', async () => {
    const token = await newClient();
    for (let i = 0; i < 2; i++)
      assert.notEqual(
        (await call(app, 'ORDER_SIM', order(), { token })).error_data,
        'ACTION_NOT_ALLOWED',
      );
    assertErr(await call(app, 'ORDER_SIM', order(), { token }), 'ACTION_NOT_ALLOWED');
    const other = await newClient();
    assertOk(await call(app, 'ORDER_SIM', order(), { token: other }));
  });

  test('ORDER_SAVE per client per hour, and open timed and subscription orders per client', async () => {
    const token = await newClient();
    assertOk(await call(app, 'ORDER_SAVE', timed(15), { token }));
    assertOk(await call(app, 'ORDER_SAVE', timed(16), { token }));
    const scheduled = await call(app, 'ORDER_SAVE', timed(17), { token });
    assertErr(scheduled, 'ACTION_NOT_ALLOWED');
    assert.match(scheduled.status_mesg, /timed and subscription orders/);
    const hourly = await call(app, 'ORDER_SAVE', order(), { token });
    assertErr(hourly, 'ACTION_NOT_ALLOWED');
    assert.match(hourly.status_mesg, /Too many orders/);
    const fresh = await newClient();
    assertOk(await call(app, 'ORDER_SAVE', order(), { token: fresh }));
  });

  test('tracking sockets per order, messages per socket per second, cancels per client', async () => {
    const token = await newClient();
    const first = assertOk(await call(app, 'ORDER_SAVE', timed(18), { token }));
    const second = assertOk(await call(app, 'ORDER_SAVE', timed(19), { token }));
    const viewers = [await trackingSocket(hostPort), await trackingSocket(hostPort)];
    for (const viewer of viewers) assertOk(await trackLogin(viewer, first.track));
    const third = await trackingSocket(hostPort);
    assertErr(await trackLogin(third, first.track), 'ACTION_NOT_ALLOWED');
    assert.equal((await third.waitClosed()).code, 1008);

    const chatty = viewers[0]!;
    for (let i = 0; i < 12; i++) chatty.send({ action_id: 'PING', status: 'OK' });
    assert.equal((await chatty.next((m) => m.status === 'ERR')).error_data, 'ACTION_NOT_ALLOWED');
    assert.equal((await chatty.waitClosed()).code, 1008);

    const owner = viewers[1]!;
    owner.send({ action_id: 'ORDER_CANCEL', auth: token });
    assertOk(await owner.next((m) => m.action_id === 'ORDER_CANCEL'));
    const next = await trackingSocket(hostPort);
    await trackLogin(next, second.track);
    next.send({ action_id: 'ORDER_CANCEL', auth: token });
    assertErr(await next.next((m) => m.action_id === 'ORDER_CANCEL'), 'ACTION_NOT_ALLOWED');
    next.close();
  });

  test('driver LOGIN per address, whatever the call number', async () => {
    for (let i = 0; i < 3; i++)
      assertErr(
        await driverCall(app, 'LOGIN', { call_number: `9${i}`, password: 'guess' }),
        'ACCESS_DENIED',
      );
    assertErr(
      await driverCall(app, 'LOGIN', { call_number: '99', password: 'guess' }),
      'ACTION_NOT_ALLOWED',
    );
  });

  test('map tiles per address: 429 with ACTION_NOT_ALLOWED', async () => {
    const style = (await app.inject({ url: '/tiles/style.json' })).json();
    const template: string = style.sources.osm.tiles[0];
    const tile = (x: number) =>
      app.inject({ url: template.replace('{z}/{x}/{y}', `14/${x}/5000`) });
    assert.notEqual((await tile(1)).statusCode, 429);
    assert.notEqual((await tile(2)).statusCode, 429);
    const refused = await tile(3);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error_data, 'ACTION_NOT_ALLOWED');
  });

  test('a silent HTTP connection is closed after CONNECTION_TIMEOUT_MS', async () => {
    const [host, port] = hostPort.split(':');
    const socket = net.connect(Number(port), host);
    const started = Date.now();
    await new Promise((resolve) => socket.once('close', resolve));
    assert.ok(Date.now() - started < 3000, `closed after ${Date.now() - started} ms`);
  });

  test('processes count together in Redis: a limit holds across them', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `taxi-test-${process.pid}-${Date.now()}:`;
    const quiet = { warn: () => {}, info: () => {} };
    const [one, two] = [redisLimiter({ url }, prefix, quiet), redisLimiter({ url }, prefix, quiet)];
    const redis = new Redis(url);
    // A count that only Redis has: both processes read it once they are connected.
    await redis.set(`${prefix}limit:seen`, 5, 'EX', 60);
    await until(
      'both limiters connected',
      async () => (await one.used('seen')) === 5 && (await two.used('seen')) === 5,
    );
    assert.deepEqual(
      [
        await one.take('k', 2, 60_000),
        await two.take('k', 2, 60_000),
        await one.take('k', 2, 60_000),
      ],
      [true, true, false],
    );
    assert.equal(await two.used('k'), 3);
    const ttl = await redis.pttl(`${prefix}limit:k`);
    assert.ok(ttl > 50_000 && ttl <= 60_000, `the window ends with the minute: ${ttl} ms`);
    await redis.del(`${prefix}limit:seen`, `${prefix}limit:k`);
    redis.disconnect();
    await Promise.all([one.close(), two.close()]);
  });

  test('while Redis cannot count, the limits still hold, counted in this process', async () => {
    const warnings: string[] = [];
    const limiter = redisLimiter({ url: 'redis://127.0.0.1:1' }, 'taxi-test:', {
      warn: (message) => warnings.push(message),
      info: () => {},
    });
    const started = Date.now();
    assert.deepEqual(
      [
        await limiter.take('k', 2, 60_000),
        await limiter.take('k', 2, 60_000),
        await limiter.take('k', 2, 60_000),
      ],
      [true, true, false],
    );
    assert.equal(await limiter.used('k'), 3);
    assert.ok(Date.now() - started < 1000, 'no waiting for Redis');
    assert.equal(warnings.length, 1, 'one warning per outage, not one per call');
    await limiter.close();
  });
});
