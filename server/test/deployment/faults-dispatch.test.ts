import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openStorage } from '../../src/db/storage.ts';
import { MIGRATIONS } from '../../src/modules.ts';
import { taxiCorporation } from '../support/fixtures.ts';
import { post, signInPassenger } from '../support/process-calls.ts';
import { PICKUP, processEnv, provisionTaxis } from '../support/process-setup.ts';
import { startServerProcess } from '../support/server-process.ts';

/** Seconds a driver has to answer an offer (the corporation's dispatch.offer_timeout_s). */
/** Long enough to outlast a restart on a loaded machine (the offer must still be open after it). */
const OFFER_TIMEOUT_S = 12;

test(
  'SIGKILL of the process holding an offer: after the restart the order is offered again within the offer timeout',
  { timeout: 90_000 },
  async () => {
    const env = processEnv(
      taxiCorporation('demo', ['127.0.0.1'], { dispatch: { offer_timeout_s: OFFER_TIMEOUT_S } }),
      // SQLite on purpose, also when the suite runs on PostgreSQL (npm run test:pg).
      { DATABASE_URL: '', DISPATCH_TICK_MS: '300' },
    );
    // Two taxis in the SQLite file the server will use: 7 at the pickup, 8 a street away.
    await provisionTaxis({ dataDir: env.DATA_DIR }, ['7', '8']);

    let server = await startServerProcess(env);
    after(() => server.kill());
    const driverApi = (call: string) => {
      let token = '';
      return async (action: string, fields: Record<string, unknown> = {}) => {
        if (!token) {
          const login = await post(
            server.base,
            '/driver/api/1/',
            { action_id: 'LOGIN', call_number: call, password: `secret-${call}` },
            false,
          );
          token = login.token as string;
        }
        const reply = await post(
          server.base,
          '/driver/api/1/',
          { action_id: action, token, ...fields },
          false,
        );
        assert.equal(reply.status, 'OK', `${call} ${action}: ${JSON.stringify(reply)}`);
        return reply;
      };
    };
    const seven = driverApi('7');
    const eight = driverApi('8');
    await seven('TAXI_POSITION', { lat: PICKUP.lat, lng: PICKUP.lng, state: 'W' });
    await eight('TAXI_POSITION', { lat: PICKUP.lat + 0.01, lng: PICKUP.lng, state: 'W' });

    const auth = await signInPassenger(server.base, '+48607000007');
    const offered = seven('GET_OFFERS', { wait: 10 });
    const saved = await post(server.base, '/api/2/', {
      action_id: 'ORDER_SAVE',
      auth,
      order: { order_type: 'Z', poi: PICKUP },
    });
    assert.equal(saved.status, 'OK', JSON.stringify(saved));
    const [offer] = (await offered).offers as { order_id: number }[];
    assert.equal(offer?.order_id, saved.order_id, 'the nearest taxi got the offer');

    // The process dies holding the offer, with taxi 8 waiting for work on it.
    const lostPoll = eight('GET_OFFERS', { wait: 10 }).catch(() => undefined);
    const killedAt = performance.now();
    await server.kill();
    await lostPoll;
    server = await startServerProcess(env);
    const restartedAt = performance.now();
    const downMs = restartedAt - killedAt;
    assert.ok(downMs < OFFER_TIMEOUT_S * 1000, `the restart took ${Math.round(downMs)} ms`);

    // Taxi 7's app comes back: the offer it held survived the crash.
    const held = (await seven('GET_OFFERS')).offers as { order_id: number; expires_in_s: number }[];
    assert.equal(held[0]?.order_id, saved.order_id);
    assert.ok(held[0]!.expires_in_s <= OFFER_TIMEOUT_S);
    // Its driver does not answer; taxi 8 reports again and gets the order when that offer lapses.
    await eight('TAXI_POSITION', { lat: PICKUP.lat + 0.01, lng: PICKUP.lng, state: 'W' });
    let reoffered: { order_id: number }[] = [];
    while (reoffered.length === 0 && performance.now() - restartedAt < 3 * OFFER_TIMEOUT_S * 1000)
      reoffered = (await eight('GET_OFFERS', { wait: 5 })).offers;
    const reofferedMs = performance.now() - restartedAt;
    assert.equal(reoffered[0]?.order_id, saved.order_id);
    assert.ok(
      reofferedMs <= OFFER_TIMEOUT_S * 1000,
      `offered again ${Math.round(reofferedMs)} ms after the restart`,
    );

    // Nothing is stuck: taxi 8 accepts; the lapsed offer of taxi 7 is closed, not left open.
    await eight('OFFER_ACCEPT', { order_id: saved.order_id });
    const check = await openStorage({ migrations: MIGRATIONS, dataDir: env.DATA_DIR });
    const offers = await check.db
      .selectFrom('assignments')
      .select(['call_number', 'state'])
      .where('order_id', '=', saved.order_id)
      .orderBy('id')
      .execute();
    await check.close();
    assert.equal(offers.length, 2);
    assert.ok(['T', 'E'].includes(offers[0]!.state), JSON.stringify(offers));
    assert.deepEqual(offers[1], { call_number: '8', state: 'P' });
    console.log(
      `SIGKILL holding an offer (offer timeout ${OFFER_TIMEOUT_S} s): down ${Math.round(downMs)} ms, the offer survived the restart; ` +
        `offered to the next taxi ${Math.round(reofferedMs)} ms after the restart`,
    );
  },
);
