import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { gridPoint } from '../fixtures/make-town.ts';
import { trackingSocket, trackLogin } from '../support/live.ts';
import { post, signInPassenger } from '../support/process-calls.ts';
import { startDeployment } from '../support/process-setup.ts';
import { privateRedis } from '../support/private-services.ts';

/** Redis stays away this long: 20 s mid-ride, the outage the service must ride through. */
const OUTAGE_MS = 20_000;

const timedOrder = (minutes: number) => ({
  order_type: 'T',
  date_time: new Date(Date.now() + 24 * 3_600_000 + minutes * 60_000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' '),
  poi: { ...gridPoint(2, 2), street: 'Grodzka' },
});

test(
  'Redis killed mid-ride and restarted: orders and saves go on, limits hold, the viewer converges',
  { timeout: 90_000 },
  async () => {
    const redis = await privateRedis();
    after(redis.remove);
    const { servers } = await startDeployment({
      processes: ['server'],
      redisUrl: redis.url,
      database: 'taxi_faults_redis',
      taxis: ['7'],
      env: { ORDER_SAVE_PER_CLIENT_PER_HOUR: '4' },
    });
    const base = servers.server.base;
    const login = await post(
      base,
      '/driver/api/1/',
      { action_id: 'LOGIN', call_number: '7', password: 'secret-7' },
      false,
    );
    const driver = (action: string, fields: Record<string, unknown> = {}) =>
      post(base, '/driver/api/1/', { action_id: action, token: login.token, ...fields }, false);
    assert.equal((await driver('TAXI_POSITION', { ...gridPoint(2, 3), state: 'W' })).status, 'OK');

    const auth = await signInPassenger(base, '+48608000002');
    const waiting = driver('GET_OFFERS', { wait: 15 });
    const saved = await post(base, '/api/2/', {
      action_id: 'ORDER_SAVE',
      auth,
      order: { order_type: 'Z', poi: { ...gridPoint(2, 2), street: 'Grodzka' } },
    });
    assert.equal(saved.status, 'OK', JSON.stringify(saved));
    assert.equal((await waiting).offers[0]?.order_id, saved.order_id);
    const socket = await trackingSocket(base.replace('http://', ''), '127.0.0.1');
    assert.equal((await trackLogin(socket, saved.track)).status, 'OK');

    await redis.stop();
    const downAt = performance.now();
    // The ride goes on: the taxi takes the order; its update cannot travel while Redis is away.
    assert.equal((await driver('OFFER_ACCEPT', { order_id: saved.order_id })).status, 'OK');
    // Saves go on, still limited (4 an hour), counted in this process meanwhile from zero.
    const saves = [];
    for (let minutes = 0; minutes < 5; minutes++) {
      const started = performance.now();
      const reply = await post(base, '/api/2/', {
        action_id: 'ORDER_SAVE',
        auth,
        order: timedOrder(minutes),
      });
      saves.push({ status: reply.error_data ?? reply.status, ms: performance.now() - started });
    }
    assert.deepEqual(
      saves.map((save) => save.status),
      ['OK', 'OK', 'OK', 'OK', 'ACTION_NOT_ALLOWED'],
    );
    const current = await post(base, '/api/2/', { action_id: 'GET_CURRENT_ORDERS', auth });
    assert.equal(current.data_list.length, 5);

    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (performance.now() - downAt)));
    // Still without Redis at the end of the outage: reads and the acknowledged saves are there.
    const late = await post(base, '/api/2/', { action_id: 'GET_CURRENT_ORDERS', auth });
    assert.equal(late.data_list.length, 5);
    await redis.start();
    const upAt = performance.now();
    const accepted = await socket.update((o) => o.stage === 'taxi_on_the_way');
    const convergedMs = performance.now() - upAt;
    assert.deepEqual(accepted.taxis_data, {
      '7': { color: 'red', brand: 'Kia Niro', vehicle_registration: 'KR 7000' },
    });
    // Taxi positions travel again.
    await driver('TAXI_POSITION', gridPoint(2, 4));
    await socket.next(
      (m) => m.action_id === 'TAXI_STATE_UPDATE' && m.taxi.lng === gridPoint(2, 4).lng,
    );
    socket.close();
    console.log(
      `Redis down ${OUTAGE_MS} ms: saves meanwhile ${saves.map((s) => `${s.status} ${Math.round(s.ms)} ms`).join(', ')}; ` +
        `the viewer had the accepted ride ${Math.round(convergedMs)} ms after Redis was back`,
    );
  },
);
