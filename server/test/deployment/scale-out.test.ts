import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openStorage } from '../../src/db/storage.ts';
import { MIGRATIONS } from '../../src/modules.ts';
import { isErrorCode } from '@taxi/contract';
import type { Reply } from '../support/api.ts';
import { taxiCorporation } from '../support/fixtures.ts';
import { trackingSocket, trackLogin } from '../support/live.ts';
import { post, signInPassenger } from '../support/process-calls.ts';
import { PICKUP, processEnv, provisionTaxis, timedOrder } from '../support/process-setup.ts';
import { privateHaproxy, privatePostgres, privateRedis } from '../support/private-services.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const INSTANCES = 3;
const VIEWERS = 6;
/** The passenger's client (shared/src/tracking) reconnects this long after a close (+ jitter). */
const RECONNECT_DELAY_MS = 5000;
const RECONNECT_JITTER_MS = 500;
/** Every viewer must be back (socket open, logged in, order state received) within this. */
const BACK_WITHIN_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call through the balancer: HTTP 200 (post asserts it), any failure a catalogue error. */
async function call(base: string, pathname: string, body: Record<string, unknown>, form = true) {
  const reply = await post(base, pathname, body, form);
  if (reply.status === 'ERR') assert.ok(isErrorCode(reply.error_data), JSON.stringify(reply));
  return reply;
}

test(
  'three processes behind HAProxy, no sticky sessions: any viewer sees any taxi; a rolling restart loses nothing',
  { timeout: 180_000 },
  async () => {
    const [postgres, redis] = await Promise.all([privatePostgres(), privateRedis()]);
    after(postgres.remove);
    after(redis.remove);
    const env = processEnv(taxiCorporation('demo', ['127.0.0.1']), {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      ORDER_SECRET_KEY: randomBytes(32).toString('base64url'),
      ORDER_SAVE_PER_CLIENT_PER_HOUR: '10000',
      OPEN_SCHEDULED_ORDERS_PER_CLIENT: '10000',
    });
    // The schema and the taxis before the processes start (none of them races to migrate).
    await provisionTaxis({ databaseUrl: postgres.url, dataDir: env.DATA_DIR }, ['7', '8', '9']);
    const servers: ServerProcess[] = await Promise.all(
      Array.from({ length: INSTANCES }, () => startServerProcess(env)),
    );
    after(() => Promise.all(servers.map((server) => server.kill())));
    const ports = servers.map((server) => new URL(server.base).port);
    const balancer = await privateHaproxy(ports.map((port) => `127.0.0.1:${port}`));
    after(balancer.remove);
    const base = balancer.base;

    const driver = async (callNumber: string) => {
      const login = await call(
        base,
        '/driver/api/1/',
        { action_id: 'LOGIN', call_number: callNumber, password: `secret-${callNumber}` },
        false,
      );
      return (action: string, fields: Record<string, unknown> = {}, at = base) =>
        call(at, '/driver/api/1/', { action_id: action, token: login.token, ...fields }, false);
    };
    const seven = await driver('7');
    assert.equal((await seven('TAXI_POSITION', { ...PICKUP, state: 'W' })).status, 'OK');

    // A ride accepted through the balancer; a viewer on each process; the taxi reports through
    // each process in turn, and every viewer sees every report.
    const rider = await signInPassenger(servers[0]!.base, '+48607200000');
    const offered = seven('GET_OFFERS', { wait: 10 });
    const ride = await call(base, '/api/2/', {
      action_id: 'ORDER_SAVE',
      auth: rider,
      order: { order_type: 'Z', poi: PICKUP },
    });
    assert.equal(ride.status, 'OK', JSON.stringify(ride));
    assert.equal(((await offered).offers as Reply[])[0]?.order_id, ride.order_id);
    assert.equal((await seven('OFFER_ACCEPT', { order_id: ride.order_id })).status, 'OK');
    const direct = await Promise.all(
      servers.map(async (server) => {
        const socket = await trackingSocket(server.base.replace('http://', ''), '127.0.0.1');
        assert.equal((await trackLogin(socket, ride.track)).status, 'OK');
        // The taxi's last position comes once the process follows it (LOGIN is answered before).
        await socket.next((m) => m.action_id === 'TAXI_STATE_UPDATE');
        return socket;
      }),
    );
    for (const [n, server] of servers.entries()) {
      const lng = PICKUP.lng + (n + 1) / 1000;
      assert.equal(
        (await seven('TAXI_POSITION', { lat: PICKUP.lat, lng }, server.base)).status,
        'OK',
      );
      for (const socket of direct)
        await socket.next((m) => m.action_id === 'TAXI_STATE_UPDATE' && m.taxi.lng === lng);
    }
    for (const socket of direct) socket.close();

    // Load through the balancer during the rolling restart.
    const passengers = await Promise.all(
      Array.from({ length: VIEWERS }, (_, n) =>
        signInPassenger(servers[0]!.base, `+4860720000${n + 1}`),
      ),
    );
    const acknowledged = new Map<string, { auth: string; orderId: number }>();
    const tracks: { order_short_id: string; secret: string }[] = [];
    for (const [n, auth] of passengers.entries()) {
      const key = `p${n}-0`;
      const saved = await call(base, '/api/2/', {
        action_id: 'ORDER_SAVE',
        auth,
        order: timedOrder(n * 10_000, key),
      });
      assert.equal(saved.status, 'OK');
      acknowledged.set(key, { auth, orderId: saved.order_id });
      tracks.push(saved.track);
    }
    let running = true;
    const errors = new Map<string, number>();
    const count = (reply: Reply) => {
      if (reply.status === 'ERR')
        errors.set(reply.error_data, (errors.get(reply.error_data) ?? 0) + 1);
    };

    /** Saves timed orders one after another, each retried with its call key until acknowledged. */
    async function saver(auth: string, n: number) {
      for (let index = 1; running; index++) {
        const key = `p${n}-${index}`;
        for (;;) {
          const reply = await call(base, '/api/2/', {
            action_id: 'ORDER_SAVE',
            auth,
            order: timedOrder(n * 10_000 + index, key),
          });
          count(reply);
          if (reply.status === 'OK') {
            acknowledged.set(key, { auth, orderId: reply.order_id });
            break;
          }
        }
        count(await call(base, '/api/2/', { action_id: 'GET_CURRENT_ORDERS', auth }));
      }
    }
    /** A taxi reporting every 100 ms; the last acknowledged report must be what is stored. */
    const lastReported = new Map<string, number>();
    async function reporter(callNumber: string) {
      const api = await driver(callNumber);
      for (let n = 1; running; n++) {
        const lat = PICKUP.lat + n / 100_000;
        const reply = await api('TAXI_POSITION', { lat, lng: PICKUP.lng, state: 'W' });
        count(reply);
        if (reply.status === 'OK') lastReported.set(callNumber, lat);
        await pause(100);
      }
    }
    /** A taxi waiting for offers in 3 s long polls, as the driver app does. */
    async function waiter() {
      const api = await driver('9');
      while (running) count(await api('GET_OFFERS', { wait: 3 }));
    }
    /** A passenger's tracking view: back after every close, as the real client comes back. */
    const closes: number[] = [];
    const gaps: number[][] = tracks.map(() => []);
    async function viewer(track: (typeof tracks)[number], n: number) {
      let closedAt: number | undefined;
      while (running) {
        const socket = await trackingSocket(base.replace('http://', ''), '127.0.0.1');
        try {
          assert.equal((await trackLogin(socket, track)).status, 'OK');
          await socket.update((order) => order.order_short_id === track.order_short_id);
        } catch (error) {
          // The process it reached began to drain before the first update: another move, as the
          // client sees it; it comes back the same way (the gap counts from the first close).
          if (socket.closed?.code !== 1012) throw error;
          if (closedAt === undefined) {
            closedAt = performance.now();
            closes.push(1012);
          }
          await pause(RECONNECT_DELAY_MS + Math.random() * RECONNECT_JITTER_MS);
          continue;
        }
        if (closedAt !== undefined) gaps[n]!.push(performance.now() - closedAt);
        const closed = await new Promise<CloseEvent>((resolve) =>
          socket.ws.addEventListener('close', resolve, { once: true }),
        );
        if (!running) return;
        closedAt = performance.now();
        closes.push(closed.code);
        await pause(RECONNECT_DELAY_MS + Math.random() * RECONNECT_JITTER_MS);
      }
    }
    const work = Promise.all([
      ...passengers.slice(0, 3).map((auth, n) => saver(auth, n)),
      reporter('7'),
      reporter('8'),
      waiter(),
    ]);
    const watching = Promise.all(tracks.map((track, n) => viewer(track, n)));
    const load = Promise.all([work, watching]);
    load.catch(() => {});
    const during = (ms: number) => Promise.race([pause(ms), load]);

    const drains: number[] = [];
    try {
      await during(1000);
      for (let n = 0; n < INSTANCES; n++) {
        const started = performance.now();
        assert.equal(await servers[n]!.stop(), 0, 'drained and exited cleanly');
        drains.push(performance.now() - started);

        servers[n] = await startServerProcess({ ...env, PORT: ports[n] });
        await balancer.waitFor(n, 'UP');
        await during(1500);
      }
      // Every viewer closed by the drain is back.
      await during(RECONNECT_DELAY_MS + RECONNECT_JITTER_MS + 2000);
    } finally {
      running = false;
    }
    await work;
    // The viewers wait for their sockets' next close: the processes' last drain ends them.
    await Promise.all(servers.map((server) => server.stop()));
    await watching;

    assert.ok(closes.length >= VIEWERS, `every viewer was moved at least once (${closes.length})`);
    assert.deepEqual(new Set(closes), new Set([1012]));
    const backMs = gaps.flat();
    assert.equal(backMs.length, closes.length, 'every closed viewer came back');
    assert.ok(
      Math.max(...backMs) <= BACK_WITHIN_MS,
      `a viewer was back after ${Math.max(...backMs)} ms`,
    );

    // Nothing acknowledged is lost: every order and the last report of every taxi are stored.
    const check = await openStorage({
      migrations: MIGRATIONS,
      databaseUrl: postgres.url,
      dataDir: env.DATA_DIR,
    });
    try {
      const ids = new Set(
        (await check.db.selectFrom('orders').select('id').execute()).map((row) => row.id),
      );
      for (const [key, { orderId }] of acknowledged)
        assert.ok(ids.has(orderId), `order ${key} lost`);
      for (const [callNumber, lat] of lastReported) {
        const taxi = await check.db
          .selectFrom('taxis')
          .select('lat')
          .where('call_number', '=', callNumber)
          .executeTakeFirstOrThrow();
        assert.equal(taxi.lat, lat, `taxi ${callNumber}'s last acknowledged report`);
      }
    } finally {
      await check.close();
    }
    console.log(
      `rolling restart of ${INSTANCES} processes behind HAProxy: drains ${drains.map((ms) => `${Math.round(ms)} ms`).join(', ')}; ` +
        `${acknowledged.size} orders acknowledged and kept, last reports of ${lastReported.size} taxis kept, ` +
        `errors ${JSON.stringify(Object.fromEntries(errors))}; ${closes.length} viewer moves (1012), ` +
        `back after ${Math.round(Math.min(...backMs))}-${Math.round(Math.max(...backMs))} ms ` +
        `(the client waits ${RECONNECT_DELAY_MS}-${RECONNECT_DELAY_MS + RECONNECT_JITTER_MS} ms before reconnecting)`,
    );
  },
);
