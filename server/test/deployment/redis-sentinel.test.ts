import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { configFromEnv } from '../../src/base/config.ts';
import type { Reply } from '../support/api.ts';
import { gridPoint } from '../fixtures/make-town.ts';
import { trackingSocket, trackLogin } from '../support/live.ts';
import { post, signInPassenger } from '../support/process-calls.ts';
import { startDeployment, timedOrder } from '../support/process-setup.ts';
import { privateSentinels } from '../support/private-services.ts';

test('REDIS_SENTINELS: a malformed list, a missing name or REDIS_URL as well stop the start', () => {
  const sentinels = (REDIS_SENTINELS: string, more: Record<string, string> = {}) =>
    configFromEnv({ REDIS_SENTINELS, REDIS_MASTER_NAME: 'taxi', ...more }).redis;
  assert.deepEqual(sentinels(' 10.0.0.1:26379, sentinel-b:26380,[::1]:26381 '), {
    sentinels: [
      { host: '10.0.0.1', port: 26379 },
      { host: 'sentinel-b', port: 26380 },
      { host: '::1', port: 26381 },
    ],
    masterName: 'taxi',
  });
  for (const bad of ['127.0.0.1', '127.0.0.1:26379,', '127.0.0.1:0', 'a:99999', 'a b:1', '[x]:1'])
    assert.throws(() => sentinels(bad), /^Error: REDIS_SENTINELS: host:port pairs/, bad);
  assert.throws(
    () => sentinels('127.0.0.1:26379', { REDIS_URL: 'redis://127.0.0.1:6379' }),
    /REDIS_URL and REDIS_SENTINELS: set one/,
  );
  assert.throws(
    () => configFromEnv({ REDIS_SENTINELS: '127.0.0.1:26379' }),
    /REDIS_SENTINELS needs REDIS_MASTER_NAME/,
  );
  assert.throws(
    () => configFromEnv({ REDIS_MASTER_NAME: 'taxi' }),
    /REDIS_MASTER_NAME needs REDIS_SENTINELS/,
  );
  assert.deepEqual(configFromEnv({ REDIS_URL: 'redis://r:6379' }).redis, { url: 'redis://r:6379' });
  assert.equal(configFromEnv({}).redis, null);
});

test(
  'Redis Sentinel: the primary killed mid-ride under load; both servers follow the new primary, nothing acknowledged is lost',
  { timeout: 60_000 },
  async () => {
    const group = await privateSentinels();
    after(group.remove);
    const { servers } = await startDeployment({
      processes: ['a', 'b'],
      redisUrl: '',
      database: 'taxi_sentinel',
      taxis: ['7'],
      env: {
        ...group.env,
        ORDER_SAVE_PER_CLIENT_PER_HOUR: '1000',
        OPEN_SCHEDULED_ORDERS_PER_CLIENT: '1000',
      },
    });
    const { a, b } = servers;
    // The taxi works through A; the passenger orders and watches through B: every update the
    // viewer gets crossed Redis.
    const { token } = await post(
      a.base,
      '/driver/api/1/',
      { action_id: 'LOGIN', call_number: '7', password: 'secret-7' },
      false,
    );
    const driver = (action: string, fields: Record<string, unknown> = {}) =>
      post(a.base, '/driver/api/1/', { action_id: action, token, ...fields }, false);
    assert.equal((await driver('TAXI_POSITION', { ...gridPoint(2, 3), state: 'W' })).status, 'OK');
    const auth = await signInPassenger(b.base, '+48608000091');
    const waiting = driver('GET_OFFERS', { wait: 15 });
    const saved = await post(b.base, '/api/2/', {
      action_id: 'ORDER_SAVE',
      auth,
      order: { order_type: 'Z', poi: { ...gridPoint(2, 2), street: 'Grodzka' } },
    });
    assert.equal(saved.status, 'OK', JSON.stringify(saved));
    assert.equal((await waiting).offers[0]?.order_id, saved.order_id);
    const socket = await trackingSocket(b.base.replace('http://', ''), '127.0.0.1');
    assert.equal((await trackLogin(socket, saved.track)).status, 'OK');
    assert.equal((await driver('OFFER_ACCEPT', { order_id: saved.order_id })).status, 'OK');
    await socket.update((o) => o.stage === 'taxi_on_the_way');

    // The load: passengers save timed orders through both servers, before, during and after.
    const riders = await Promise.all(
      [0, 1, 2, 3].map((n) => signInPassenger(n % 2 ? a.base : b.base, `+4860800010${n}`)),
    );
    const acknowledged: { rider: number; orderId: number }[] = [];
    const failed: string[] = [];
    let loading = true;
    const load = riders.map(async (rider, n) => {
      for (let i = 0; loading; i++) {
        const base = (n + i) % 2 ? a.base : b.base;
        const reply = await post(base, '/api/2/', {
          action_id: 'ORDER_SAVE',
          auth: rider,
          order: timedOrder(i, `sentinel-${n}-${i}`),
        }).catch((error: Error): Reply => ({ status: error.message }));
        if (reply.status === 'OK') acknowledged.push({ rider: n, orderId: reply.order_id });
        else failed.push(String(reply.error_data ?? reply.status));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    while (acknowledged.length < 8) await new Promise((resolve) => setTimeout(resolve, 50));

    const oldPrimary = await group.primaryPort();
    assert.equal(oldPrimary, group.primary.port);
    await group.primary.stop();
    const killedAt = performance.now();
    const beforeKill = acknowledged.length;
    // The taxi arrives while no primary is there.
    assert.equal((await driver('ORDER_ARRIVED', { order_id: saved.order_id })).status, 'OK');
    // It keeps reporting where it is, between its stand and a spot it never reported before.
    const moved = gridPoint(2, 4);
    let reporting = true;
    const reports = (async () => {
      for (let step = 0; reporting; step++) {
        await driver('TAXI_POSITION', step % 2 ? gridPoint(2, 3) : moved);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await socket.next(
      (m) => m.action_id === 'TAXI_STATE_UPDATE' && m.taxi.lng === moved.lng,
      30_000,
    );
    const gapMs = Math.round(performance.now() - killedAt);
    await socket.update((o) => o.stage === 'taxi_arrived', 10_000);
    reporting = false;
    await reports;
    assert.equal(
      await group.primaryPort(),
      group.replica.port,
      'the sentinels promoted the replica',
    );

    // The ride goes on through the new primary: the client gets in, the viewer sees it, rates it.
    assert.equal((await driver('ORDER_CLIENT_IN', { order_id: saved.order_id })).status, 'OK');
    await socket.update((o) => o.stage === 'client_in_taxi');
    const rated = await post(b.base, '/rate/api/1/', {
      action_id: 'SET_RATE',
      ...saved.track,
      data: { rate: 1 },
    });
    assert.equal(rated.status, 'OK', JSON.stringify(rated));
    socket.close();
    loading = false;
    await Promise.all(load);

    // Nothing acknowledged is lost: each rider's orders, the ride's stage and its rating, read
    // through the other server.
    for (const [n, rider] of riders.entries()) {
      const current = await post(n % 2 ? b.base : a.base, '/api/2/', {
        action_id: 'GET_CURRENT_ORDERS',
        auth: rider,
      });
      const listed = new Set((current.data_list as { order_id: number }[]).map((o) => o.order_id));
      const mine = acknowledged.filter((o) => o.rider === n).map((o) => o.orderId);
      assert.ok(mine.length > 0);
      assert.deepEqual(
        mine.filter((id) => !listed.has(id)),
        [],
        `rider ${n}: acknowledged orders missing`,
      );
    }
    const rate = await post(a.base, '/rate/api/1/', { action_id: 'GET_RATE', ...saved.track });
    assert.equal(rate.data.rate, 1);
    assert.deepEqual(failed, [], 'every call of the load was answered OK');
    console.log(
      `Redis Sentinel: primary killed; the first message through the new primary reached the viewer ${gapMs} ms later; ` +
        `${acknowledged.length} orders acknowledged under load (${acknowledged.length - beforeKill} after the kill), none lost`,
    );
  },
);
