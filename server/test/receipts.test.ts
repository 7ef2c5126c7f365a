import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertErr, assertOk, call, fakeClock, signIn, wrongSecret } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, startApp } from './support/helpers.ts';
import { taxi } from './support/live.ts';
import { RECEIPTS_PER_IP_PER_MINUTE } from '../src/receipts/plugin.ts';

// GET_RECEIPT: a finished ride's figures from the server's own record, for the holder of the
// order's secret or its signed-in owner.
// Monday 10:00 in Warsaw: tariff T1.
const clock = fakeClock('2026-03-02T09:00:00Z');
const log = capturedLog();
const server = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost']),
    taxiCorporation('other', ['other.example']),
  ],
  overrides: { clock, logStream: log.stream },
  config: { logLevel: 'debug' },
});
const { app } = server;
const pickup = { lat: 50.06, lng: 19.94, city: 'Kraków', street: 'Grodzka', number: '5' };
// 0.01° of latitude north: 1.11 km as the crow flies (the corporation's detour factor is 1).
const destination = { lat: 50.07, lng: 19.94, city: 'Kraków', street: 'Basztowa', number: '1' };
let calls = 0;
let phones = 0;

/** A new passenger's token; cash-free rides allowed when the operator says so. */
async function passenger(cashFree = false) {
  const token = await signIn(app, `+48605${String(1_000_000 + ++phones).slice(1)}`);
  if (cashFree) {
    const { db } = app.services.storage;
    const newest = await db.selectFrom('clients').select('id').orderBy('id', 'desc').limit(1);
    await db.updateTable('clients').set({ cash_free: 1 }).where('id', '=', newest).execute();
  }
  return token;
}

/** An order with a destination and the Estate car (5 zł surcharge), paid cash-free or not. */
async function placed(token: string, cashFree = false) {
  const { order_id, track } = assertOk(
    await call(
      app,
      'ORDER_SAVE',
      {
        order: {
          order_type: 'Z',
          poi: pickup,
          dst: destination,
          taxi_features_list: [1],
          cash_free: cashFree,
        },
      },
      { token },
    ),
  );
  return {
    orderId: order_id as number,
    track: track as { order_short_id: string; secret: string },
  };
}

/** Drives an order through a new taxi to its end, the driver typing `fare`. */
async function driven(orderId: number, until: 'in' | 'ended', fare?: number) {
  const cab = await taxi(app, `R${++calls}`, { lat: pickup.lat, lng: pickup.lng + 0.001 });
  await app.services.dispatch.tick();
  await cab.ok('OFFER_ACCEPT', { order_id: orderId });
  await cab.ok('ORDER_ARRIVED', { order_id: orderId });
  clock.advance(60_000);
  await cab.ok('ORDER_CLIENT_IN', { order_id: orderId });
  if (until === 'ended') {
    clock.advance(5 * 60_000);
    await cab.ok('RIDE_END', { order_id: orderId, ...(fare === undefined ? {} : { price: fare }) });
  }
  await cab.ok('TAXI_STATE', { state: 'F' });
  return cab;
}

const receipt = (fields: Record<string, unknown>, token?: string, host = 'localhost') =>
  call(app, 'GET_RECEIPT', fields, { token, host, lang: 'en' });

describe('GET_RECEIPT', () => {
  test("a finished ride's receipt: the final price, the tariff's parts, the taxi, the payment", async () => {
    const token = await passenger();
    const { orderId, track } = await placed(token, false);
    const saved = await app.services.storage.db
      .selectFrom('orders')
      .select('dst_price')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    // The driver types the fare the app quoted, plus 2 zł of waiting.
    const fare = Math.round((saved.dst_price! + 2) * 100) / 100;
    await driven(orderId, 'ended', fare);

    const reply = assertOk(await receipt(track));
    assert.equal(reply.state, 'Z');
    const r = reply.receipt;
    assert.equal(r.order_short_id, track.order_short_id);
    assert.equal(r.price, fare, "the server's final price, not the quote");
    assert.equal(r.cash_free, false);
    assert.equal(r.poi.street, 'Grodzka');
    assert.equal(r.dst.street, 'Basztowa');
    assert.ok(r.distance_m > 1100 && r.distance_m < 1125, String(r.distance_m));
    assert.equal(r.created, '2026-03-02 10:00:00');
    assert.equal(r.picked_up, '2026-03-02 10:01:00');
    assert.equal(r.ended, '2026-03-02 10:06:00');
    assert.deepEqual(r.taxis, [
      {
        call_number: `R${calls}`,
        brand: 'Toyota Prius',
        color: 'white',
        vehicle_registration: `KR R${calls}`,
      },
    ]);
    assert.equal(r.fare.tariff, 't1');
    assert.equal(r.fare.start_fee, 10);
    assert.equal(r.fare.per_km, 3);
    assert.equal(r.fare.distance_km, 1.1);
    assert.deepEqual(r.fare.surcharges, [{ name: 'Estate car', amount: 5 }]);
    assert.equal(r.fare.taxi_count, 1);
    assert.equal(r.fare.tariff_price, saved.dst_price);
    assert.equal(r.fare.adjustment, 2);
  });

  test('the owner signed in needs no secret; another passenger gets neither way in', async () => {
    const owner = await passenger(true);
    const { orderId, track } = await placed(owner, true);
    await driven(orderId, 'ended', 20);
    const mine = assertOk(await receipt({ order_short_id: track.order_short_id }, owner));
    assert.equal(mine.receipt.cash_free, true);
    assert.equal(mine.receipt.price, 20);

    const stranger = await passenger();
    assertErr(
      await receipt({ order_short_id: track.order_short_id }, stranger),
      'ORDER_ACCESS_DENIED',
    );
    assertErr(await receipt({ order_short_id: track.order_short_id }), 'ACCESS_DENIED');
    assertErr(
      await receipt({ ...track, secret: wrongSecret(track.secret) }, stranger),
      'ORDER_ACCESS_DENIED',
    );
    // Another corporation's host does not open it either.
    assertErr(await receipt(track, undefined, 'other.example'), 'ORDER_ACCESS_DENIED');
  });

  test('an unfinished ride has no receipt yet: its state and receipt null', async () => {
    const token = await passenger();
    const waiting = await placed(token);
    assert.deepEqual(assertOk(await receipt(waiting.track)).receipt, null);
    const cab = await driven(waiting.orderId, 'in');
    const inTaxi = assertOk(await receipt(waiting.track));
    assert.equal(inTaxi.state, 'Z');
    assert.equal(inTaxi.receipt, null, 'in the taxi: the fare is not final');
    await cab.ok('TAXI_STATE', { state: 'W' });
    await cab.ok('RIDE_END', { order_id: waiting.orderId, price: 12 });
    assert.equal(assertOk(await receipt(waiting.track)).receipt.price, 12);

    const cancelled = await placed(await passenger());
    await app.services.dispatch.cancel(cancelled.orderId);
    const reply = assertOk(await receipt(cancelled.track));
    assert.equal(reply.state, 'A');
    assert.equal(reply.receipt, null);
  });

  test('bad input gets a catalogue error', async () => {
    assertErr(await receipt({}), 'ARG_ERROR');
    assertErr(await receipt({ order_short_id: { id: 1 } }), 'ARG_ERROR');
    assertErr(await receipt({ order_short_id: 'A'.repeat(21), secret: 'x' }), 'INVALID_DATA');
    assertErr(
      await receipt({ order_short_id: 'ABCDEFGH', secret: 'x'.repeat(101) }),
      'INVALID_DATA',
    );
  });

  test('nothing personal is logged', () => {
    const text = log.text();
    for (const word of ['Grodzka', 'Basztowa', '+48605', 'KR R'])
      assert.ok(!text.includes(word), `the log carries ${word}`);
  });

  test('an address gets RECEIPTS_PER_IP_PER_MINUTE receipts a minute', async () => {
    clock.advance(61_000);
    const token = await passenger();
    const { orderId, track } = await placed(token);
    await driven(orderId, 'ended', 30);
    for (let i = 0; i < RECEIPTS_PER_IP_PER_MINUTE; i++) assertOk(await receipt(track));
    const refused = await receipt(track);
    assertErr(refused, 'ACTION_NOT_ALLOWED');
    assert.equal(refused.status_mesg, 'Too many receipts; try again in a minute');
    clock.advance(61_000);
    assertOk(await receipt(track));
  });
});
