import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { openStorage, type Storage } from '../src/db/storage.ts';
import { gridPoint } from './fixtures/make-town.ts';
import { trackingSocket, trackLogin } from './live.ts';
import { post } from './process-calls.ts';
import { startDeployment } from './process-setup.ts';

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
  const storage = await openStorage({ databaseUrl, dataDir: env.DATA_DIR });
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
