import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { greatCircleMetres } from '../src/geo/geometry.ts';
import { assertErr, assertOk, call, fakeClock, signIn } from './support/api.ts';
import { FREE_TAXIS_REREAD_MS } from '../src/fleet/taxis.ts';
import { taxiCorporation, testStorage } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';

// Monday 11:00 in Warsaw: day tariff.
const clock = fakeClock('2026-03-02T10:00:00Z');
const server = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'])],
  overrides: { clock },
});
const { app } = server;
const storage = await testStorage(server);
let phones = 0;
const newClient = () => signIn(app, `+48602${String(1_000_000 + ++phones).slice(1)}`);

const pickup = { lat: 50.0614, lng: 19.9366, city: 'Kraków', street: 'Rynek Główny', number: '1' };
const airport = { lat: 50.0777, lng: 19.7848, city: 'Balice', poi_name: 'Lotnisko' };
const km = greatCircleMetres(pickup, airport) / 1000;
const sim = (fields: Record<string, unknown> = {}) => ({
  order: { order_type: 'Z', poi: pickup, dst: airport, ...fields },
  taxi_group_id: 1,
});
const round = (n: number) => Math.round(n * 100) / 100;

describe('ORDER_SIM', () => {
  test('prices the route with the day tariff and feature surcharges', async () => {
    const token = await newClient();
    const reply = assertOk(await call(app, 'ORDER_SIM', sim(), { token }));
    // Fixture tariff: start 10, 3/km by day, detour factor 1.
    assert.equal(reply.dst_price, round(10 + km * 3));
    assert.equal(reply.accept_missing_taxi_eta_gt, 1000);
    assert.deepEqual(reply.dst_map_points, [
      { lat: pickup.lat, lng: pickup.lng },
      { lat: airport.lat, lng: airport.lng },
    ]);
    assert.equal(reply.eta_min, null, 'no free taxi known');
    // Estate car +5 by day; pet has its surcharge switched off; two taxis cost twice.
    const extras = assertOk(
      await call(app, 'ORDER_SIM', sim({ taxi_features_list: [1, 3], taxi_count: 2 }), {
        token,
        via: 'get',
      }),
    );
    assert.equal(extras.dst_price, round((10 + km * 3 + 5) * 2));
  });

  test('night and Sunday pickups use the second tariff', async () => {
    const token = await newClient();
    const night = assertOk(
      await call(
        app,
        'ORDER_SIM',
        sim({ order_type: 'T', date_time: '2026-03-02 23:15', taxi_features_list: [1] }),
        { token },
      ),
    );
    assert.equal(night.dst_price, round(10 + km * 4 + 7));
    const sunday = assertOk(
      await call(app, 'ORDER_SIM', sim({ order_type: 'T', date_time: '2026-03-08 12:00' }), {
        token,
      }),
    );
    assert.equal(sunday.dst_price, round(10 + km * 4));
  });

  test('without a destination there is no price, without coordinates no ETA', async () => {
    const token = await newClient();
    const reply = assertOk(await call(app, 'ORDER_SIM', sim({ dst: null }), { token }));
    assert.equal(reply.dst_price, null);
    assert.deepEqual(reply.dst_map_points, []);
    const street = assertOk(
      await call(app, 'ORDER_SIM', sim({ poi: { city: 'Kraków', street: 'Floriańska' } }), {
        token,
      }),
    );
    assert.equal(street.dst_price, null);
    assert.equal(street.eta_min, null);
  });

  test('the ETA comes from the nearest free taxi with a fresh position', async () => {
    const token = await newClient();
    const now = clock.now();
    await storage.db
      .insertInto('taxis')
      .values([
        // 5.8 km north, stored first: free and fresh, but not the nearest.
        {
          corporation_id: 'demo',
          call_number: '3',
          state: 'W',
          lat: pickup.lat + 5.8 / 111.195,
          lng: pickup.lng,
          updated_at: now,
        },
        // 2.9 km north: 5.8 minutes at 30 km/h, shown as 6.
        {
          corporation_id: 'demo',
          call_number: '12',
          state: 'W',
          lat: pickup.lat + 2.9 / 111.195,
          lng: pickup.lng,
          updated_at: now,
        },
        {
          corporation_id: 'demo',
          call_number: '7',
          state: 'Z',
          lat: pickup.lat,
          lng: pickup.lng + 0.001,
          updated_at: now,
        },
        {
          corporation_id: 'demo',
          call_number: '9',
          state: 'W',
          lat: pickup.lat + 0.001,
          lng: pickup.lng,
          updated_at: now - 10 * 60_000,
        },
        {
          corporation_id: 'other',
          call_number: '1',
          state: 'W',
          lat: pickup.lat,
          lng: pickup.lng,
          updated_at: now,
        },
      ])
      .execute();
    // Quotes read the free taxis at most every FREE_TAXIS_REREAD_MS: the earlier tests' read
    // (none) still serves until then.
    assert.equal(assertOk(await call(app, 'ORDER_SIM', sim(), { token })).eta_min, null);
    clock.advance(FREE_TAXIS_REREAD_MS);
    const reply = assertOk(await call(app, 'ORDER_SIM', sim(), { token }));
    assert.equal(reply.eta_min, 6);
  });

  test('errors: IN_PROGRESS, WRONG_DATE_TIME, ACCESS_DENIED, INVALID_DATA', async () => {
    const token = await newClient();
    assertErr(
      await call(app, 'ORDER_SIM', sim({ order_type: 'T', date_time: '2026-03-02 09:00' }), {
        token,
      }),
      'WRONG_DATE_TIME',
    );
    assertErr(await call(app, 'ORDER_SIM', sim({ poi: {} }), { token }), 'INVALID_DATA');
    assertErr(await call(app, 'ORDER_SIM', sim()), 'ACCESS_DENIED');
    assertOk(await call(app, 'ORDER_SAVE', sim(), { token }));
    const busy = await call(app, 'ORDER_SIM', sim(), { token });
    assertErr(busy, 'IN_PROGRESS');
    assert.equal(busy.status_mesg, 'An error occurred. Another order is in progress.');
    assertOk(
      await call(app, 'ORDER_SIM', sim({ order_type: 'T', date_time: '2026-03-02 18:00' }), {
        token,
      }),
    );
  });
});
