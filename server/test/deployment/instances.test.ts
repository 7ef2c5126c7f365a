import assert from 'node:assert/strict';
import net from 'node:net';
import { after, test } from 'node:test';
import { Redis } from 'ioredis';
import { openStorage, type Storage } from '../../src/db/storage.ts';
import { MIGRATIONS } from '../../src/modules.ts';
import { LEASE_RENEW_MS, LEASE_TTL_MS } from '../../src/simulator/lease.ts';
import { gridPoint } from '../fixtures/make-town.ts';
import { trackingSocket, trackLogin } from '../support/live.ts';
import { post, signInPassenger } from '../support/process-calls.ts';
import { startDeployment } from '../support/process-setup.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { until } from '../support/until.ts';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

test('two server processes over Redis and PostgreSQL: a passenger on B sees the taxi that reports to A', async () => {
  // npm test starts both services (scripts/ensure-services.sh); without them this test fails.
  assert.ok(await reachable(REDIS), 'needs Redis on 127.0.0.1:6379');
  const { databaseUrl, env, servers } = await startDeployment({
    processes: ['a', 'b'],
    redisUrl: REDIS,
    database: 'taxi_server_instances',
    taxis: ['7'],
    env: { LOG_LEVEL: 'warn', GEO_PER_IP_PER_MINUTE: '5' },
  });
  const storage = await openStorage({ migrations: MIGRATIONS, databaseUrl, dataDir: env.DATA_DIR });
  try {
    await twoInstances(servers.a.base, servers.b.base, storage);
  } finally {
    // Closed before the test's schema is dropped.
    await storage.close();
  }
});

async function twoInstances(aBase: string, bBase: string, storage: Storage) {
  const a = { base: aBase };
  const b = { base: bBase };
  const login = await post(
    a.base,
    '/driver/api/1/',
    { action_id: 'LOGIN', call_number: '7', password: 'secret-7' },
    false,
  );
  const driver = (action: string, fields: Record<string, unknown> = {}) =>
    post(a.base, '/driver/api/1/', { action_id: action, token: login.token, ...fields }, false);
  assert.equal((await driver('TAXI_POSITION', { ...gridPoint(2, 3), state: 'W' })).status, 'OK');

  // The passenger signs in and orders on B.
  const phone = '+48608000001';
  assert.equal(
    (await post(b.base, '/api/2/', { action_id: 'GET_AUTH_PHONE_SEND_SECRET', phone, gdpr: true }))
      .status,
    'OK',
  );
  const [sms] = (await (
    await fetch(`${b.base}/dev/sms-outbox?phone=${encodeURIComponent(phone)}`)
  ).json()) as { code: string }[];
  const { auth } = await post(b.base, '/api/2/', {
    action_id: 'GET_AUTH_PHONE',
    phone,
    secret: sms!.code,
  });
  // The taxi's app waits on A for an offer; the order is placed on B.
  const waiting = driver('GET_OFFERS', { wait: 15 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const saved = await post(b.base, '/api/2/', {
    action_id: 'ORDER_SAVE',
    auth,
    order: { order_type: 'Z', poi: { ...gridPoint(2, 2), street: 'Grodzka' } },
  });
  assert.equal(saved.status, 'OK', JSON.stringify(saved));
  const woken = await waiting;
  assert.equal(woken.offers[0]?.order_id, saved.order_id, 'the offer reached the taxi on A');

  // The owner gets the same link from either server.
  const current = await post(a.base, '/api/2/', { action_id: 'GET_CURRENT_ORDERS', auth });
  assert.deepEqual(current.data_list[0]?.track, saved.track);
  const socket = await trackingSocket(b.base.replace('http://', ''), '127.0.0.1');
  assert.equal((await trackLogin(socket, saved.track)).status, 'OK');
  assert.equal((await driver('OFFER_ACCEPT', { order_id: saved.order_id })).status, 'OK');
  const accepted = await socket.update((o) => o.stage === 'taxi_on_the_way');
  assert.deepEqual(accepted.taxis_data, {
    '7': { color: 'red', brand: 'Kia Niro', vehicle_registration: 'KR 7000' },
  });
  await driver('TAXI_POSITION', gridPoint(2, 4));
  const seen = await socket.next(
    (m) => m.action_id === 'TAXI_STATE_UPDATE' && m.taxi.lng === gridPoint(2, 4).lng,
  );
  assert.equal(seen.taxi.call_number, '7');
  assert.equal(
    (
      await storage.db
        .selectFrom('assignments')
        .select('id')
        .where('order_id', '=', saved.order_id)
        .execute()
    ).length,
    1,
    'both dispatchers ran, the order was offered once',
  );
  socket.close();

  // Limits are shared: 5 address searches a minute from this address, wherever they land.
  const answers = [];
  for (const base of [a.base, b.base, a.base, b.base, a.base, b.base])
    answers.push(
      (await post(base, '/api/2/', { action_id: 'POI_QUERY', query: 'Grodzka' })).status,
    );
  assert.deepEqual(answers, ['OK', 'OK', 'OK', 'OK', 'OK', 'ERR']);
}

test('the demo SMS outbox of one process shows the codes every process of the deployment sent', async () => {
  assert.ok(await reachable(REDIS), 'needs Redis on 127.0.0.1:6379');
  const { servers } = await startDeployment({
    processes: ['a', 'b'],
    redisUrl: REDIS,
    database: 'taxi_server_outbox',
    taxis: [],
  });
  const phone = '+48608000002';
  const sent = await post(servers.a.base, '/api/2/', {
    action_id: 'GET_AUTH_PHONE_SEND_SECRET',
    phone,
    gdpr: true,
  });
  assert.equal(sent.status, 'OK');
  const read = async (base: string) =>
    (await (await fetch(`${base}/dev/sms-outbox?phone=0048608000002`)).json()) as {
      code: string;
    }[];
  const [onB] = await read(servers.b.base);
  assert.ok(onB, 'the code sent through A is in the outbox of B');
  assert.deepEqual(await read(servers.a.base), [onB]);
  const { status } = await post(servers.b.base, '/api/2/', {
    action_id: 'GET_AUTH_PHONE',
    phone,
    secret: onB.code,
  });
  assert.equal(status, 'OK');
});

test(
  'three processes with FLEET=sim: one demo fleet drives the orders any process took, through the loss of any process, handed on within the lease bound',
  { timeout: 180_000 },
  async (t) => {
    assert.ok(await reachable(REDIS), 'needs Redis on 127.0.0.1:6379');
    const { databaseUrl, env, redisPrefix, servers } = await startDeployment({
      processes: ['a', 'b', 'c'],
      redisUrl: REDIS,
      database: 'taxi_server_fleet_lease',
      taxis: [],
      env: { FLEET: 'sim', FLEET_SIZE: '3', FLEET_SPEED: '40' },
      corporation: { fleet: { habits: { rejectRate: 0, ignoreRate: 0, absentRate: 0 } } },
    });
    const storage = await openStorage({
      migrations: MIGRATIONS,
      databaseUrl,
      dataDir: env.DATA_DIR,
    });
    const redis = new Redis(REDIS);
    // Closed before the test's schema is dropped.
    after(async () => {
      redis.disconnect();
      await storage.close();
    });
    const byPid = (holder: string | null) =>
      Object.values(servers).find((server) => holder?.split('/')[1] === String(server.child.pid));
    const holderNow = async () => byPid(await redis.get(`${redisPrefix}fleet-lease`));

    let phones = 0;
    /** Orders a ride through each process and waits for the fleet to end them all. */
    const rides = (processes: ServerProcess[]) =>
      Promise.all(
        processes.map(async ({ base }) => {
          const auth = await signInPassenger(
            base,
            `+486081000${String(phones++).padStart(2, '0')}`,
          );
          const saved = await post(base, '/api/2/', {
            action_id: 'ORDER_SAVE',
            auth,
            order: {
              order_type: 'Z',
              poi: { ...gridPoint(0, 0), street: 'Szewska', city: 'Testowo' },
              dst: { ...gridPoint(4, 4), street: 'Długa', city: 'Testowo' },
            },
          });
          assert.equal(saved.status, 'OK', JSON.stringify(saved));
          await until(
            `the ride ordered through ${base} to end`,
            async () => {
              const order = await storage.db
                .selectFrom('orders')
                .select('price')
                .where('id', '=', saved.order_id)
                .executeTakeFirstOrThrow();
              return order.price ?? undefined;
            },
            40_000,
          );
        }),
      );
    await rides([servers.a, servers.b, servers.c]);

    // A process that does not run the fleet (the last started, unless it does) goes: nothing stops.
    const bystander = (await holderNow()) === servers.c ? servers.b : servers.c;
    await bystander.kill();
    const left = Object.values(servers).filter((server) => server !== bystander);
    await rides(left);

    // The one that runs it dies: another takes the fleet over within the documented bound.
    const holder = await holderNow();
    assert.ok(holder, 'a process holds the demo fleet lease');
    const killedAt = Date.now();
    await holder.kill();
    const next = await until(
      'another process to take the demo fleet',
      async () => {
        const now = await holderNow();
        return now && now !== holder ? now : undefined;
      },
      LEASE_TTL_MS + LEASE_RENEW_MS + 5_000,
    );
    const takeover = Date.now() - killedAt;
    t.diagnostic(`demo fleet taken over ${takeover} ms after its process died`);
    assert.ok(takeover <= LEASE_TTL_MS + LEASE_RENEW_MS + 1_000, `taken over after ${takeover} ms`);
    await rides([next]);
  },
);
