import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { startSimulator } from '../src/simulator/simulator.ts';
import { assertOk, call, signIn } from './support/api.ts';
import { gridPoint, TOWN_FILE } from './fixtures/make-town.ts';
import { taxiCorporation } from './support/fixtures.ts';
import type { Db } from '../src/db/storage.ts';
import { startApp } from './support/helpers.ts';
import { until } from './support/until.ts';

/** A ride across the town, from Szewska to Długa. */
const RIDE = {
  order_type: 'Z',
  poi: { ...gridPoint(0, 0), street: 'Szewska', city: 'Testowo' },
  dst: { ...gridPoint(4, 4), street: 'Długa', city: 'Testowo' },
};

/** The order log of a ride driven from the offer to its end. */
const DRIVEN = [
  'created',
  'assign_taxi',
  'taxi_accepted',
  'taxi_client_arrived',
  'taxi_client_present',
  'taxi_ride_end',
];

/** What the order's log says, oldest first. */
async function orderLog(db: Db, orderId: number) {
  const entries = await db
    .selectFrom('order_log')
    .select('action')
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return entries.map((e) => e.action);
}

test('the demo fleet drives a ride through the driver API: offer, accept, pickup, ride, free again', async () => {
  const { app } = await startApp({
    config: { fleet: { mode: 'sim', size: 3, speed: 40 }, dispatchTickMs: 200 },
    corporations: [
      taxiCorporation('demo', ['localhost'], {
        geo: { extract: TOWN_FILE },
        fleet: {
          size: 3,
          plate_prefix: 'KR',
          habits: { rejectRate: 0, ignoreRate: 0, absentRate: 0 },
        },
      }),
    ],
  });
  await app.ready();
  const { db } = app.services.storage;
  await until(
    'three free taxis',
    async () =>
      (
        await db
          .selectFrom('taxis')
          .select('call_number')
          .where('state', '=', 'W')
          .where('updated_at', '>', 0)
          .execute()
      ).length === 3,
  );
  const fleet = await db
    .selectFrom('taxis')
    .select(['call_number', 'color', 'brand', 'vehicle_registration'])
    .orderBy('call_number')
    .execute();
  assert.deepEqual(
    fleet.map((t) => t.call_number),
    ['101', '102', '103'],
  );
  assert.ok(
    fleet.every((t) => t.color && t.brand && /^KR \d{4}[A-Z]$/.test(t.vehicle_registration)),
  );

  const token = await signIn(app, '+48607000001');
  const saved = assertOk(await call(app, 'ORDER_SAVE', { order: RIDE }, { token }));
  const orderId = saved.order_id as number;
  const state = async () =>
    await db
      .selectFrom('orders')
      .select(['state', 'price'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
  await until('the client in a taxi', async () => (await state()).state === 'Z');
  await until('the end of the ride', async () => (await state()).price !== null);
  assert.deepEqual(await orderLog(db, orderId), DRIVEN);
  await until(
    'every taxi free again',
    async () =>
      (await db.selectFrom('taxis').select('state').where('state', '=', 'W').execute()).length ===
      3,
  );
});

test('a demo fleet started anew goes on with the rides its taxis had taken (another process took the fleet over)', async () => {
  const { app } = await startApp({
    config: { fleet: { mode: 'off', size: 2, speed: 40 }, dispatchTickMs: 200 },
    corporations: [
      taxiCorporation('demo', ['localhost'], {
        geo: { extract: TOWN_FILE },
        fleet: {
          size: 2,
          // A wait at the pickup long enough for the fleet to stop before the ride is over.
          habits: { rejectRate: 0, ignoreRate: 0, absentRate: 0, boardingDelay: [40, 45] },
        },
      }),
    ],
  });
  await app.ready();
  const { db } = app.services.storage;
  const stopFirst = startSimulator(app, app.services);
  const token = await signIn(app, '+48607000002');
  const saved = assertOk(await call(app, 'ORDER_SAVE', { order: RIDE }, { token }));
  const logged = () => orderLog(db, saved.order_id as number);
  await until('a taxi to take the order', async () => (await logged()).includes('taxi_accepted'));
  await stopFirst();
  assert.ok(
    !(await logged()).includes('taxi_ride_end'),
    'the ride is not over when the fleet stops',
  );

  after(startSimulator(app, app.services));
  await until('the ride to end', async () => (await logged()).includes('taxi_ride_end'));
  assert.deepEqual(await logged(), DRIVEN);
});
