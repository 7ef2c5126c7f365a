import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FAVOURITE_TAXIS_MAX } from '@taxi/contract';
import { assertErr, assertOk, call, fakeClock, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, startApp } from './support/helpers.ts';
import { taxi } from './support/live.ts';
import { orderEvent } from '../src/dispatch/record.ts';
import { FAVOURITE_CALLS_PER_CLIENT_PER_MINUTE } from '../src/favourites/plugin.ts';

// Favourite taxis ("ask for this taxi next time") and "prefer my taxi" dispatch: a favourite
// that is free and near gets the order first; otherwise, or after the wait, normal dispatch.
const clock = fakeClock('2026-03-02T09:00:00Z');
const log = capturedLog();
const server = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost'], {
      // Straight line at 30 km/h: 5 minutes' drive is 2.5 km.
      routing: { detour_factor: 1, speed_kmh: 30 },
      dispatch: { offer_timeout_s: 20, favourite_wait_s: 10 },
    }),
    taxiCorporation('other', ['other.example']),
  ],
  overrides: { clock, logStream: log.stream },
  config: { logLevel: 'debug' },
});
const { app } = server;
const { db } = app.services.storage;
const dispatch = app.services.dispatch;
const pickup = { lat: 50.06, lng: 19.94, city: 'Kraków', street: 'Grodzka', number: '5' };
/** A point `metres` east of the pickup. */
const east = (metres: number) => ({ lat: pickup.lat, lng: pickup.lng + metres / 71_500 });
let phones = 0;
let calls = 0;

const passenger = () => signIn(app, `+48606${String(1_000_000 + ++phones).slice(1)}`);
type Cab = Awaited<ReturnType<typeof taxi>>;
const cab = (metres: number) => taxi(app, `F${++calls}`, east(metres));

async function order(token: string, fields: Record<string, unknown> = {}) {
  const reply = assertOk(
    await call(
      app,
      'ORDER_SAVE',
      { order: { order_type: 'Z', poi: pickup, ...fields } },
      { token },
    ),
  );
  return { orderId: reply.order_id as number, shortId: reply.track.order_short_id as string };
}

/** Drives an order to its end with the taxi that has it. */
async function finish(orderId: number, driver: Cab) {
  await driver.ok('OFFER_ACCEPT', { order_id: orderId });
  await driver.ok('ORDER_ARRIVED', { order_id: orderId });
  await driver.ok('ORDER_CLIENT_IN', { order_id: orderId });
  await driver.ok('RIDE_END', { order_id: orderId, price: 20 });
  await driver.report(east(100));
}

/** A passenger with a finished ride in `driver`, which they keep as a favourite. */
async function withFavourite(driver: Cab) {
  const token = await passenger();
  const { orderId, shortId } = await order(token);
  await dispatch.tick();
  await finish(orderId, driver);
  assertOk(
    await call(
      app,
      'SAVE_FAVOURITE_TAXI',
      { order_short_id: shortId, call_number: driver.callNumber },
      { token },
    ),
  );
  return token;
}

const offered = async (orderId: number) =>
  (
    await db
      .selectFrom('assignments')
      .select(['call_number', 'state'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((a) => `${a.call_number}:${a.state}`);

async function record(orderId: number) {
  const event = await orderEvent(
    db,
    app.services.corporations.byId('demo')!,
    orderId,
    app.services.routes,
    clock.now(),
  );
  return event!.record;
}

async function offWork(...cabs: Cab[]) {
  for (const c of cabs) await c.ok('TAXI_STATE', { state: 'F' });
}

describe('favourite taxis: GET_FAVOURITE_TAXIS, SAVE_FAVOURITE_TAXI, DELETE_FAVOURITE_TAXI', () => {
  test('only a taxi that finished one of your rides; at most a few; listed and deleted', async () => {
    const first = await cab(100);
    const token = await passenger();
    const { orderId, shortId } = await order(token);
    await dispatch.tick();
    const save = (fields: Record<string, unknown>, as = token) =>
      call(app, 'SAVE_FAVOURITE_TAXI', fields, { token: as });

    // Not before the ride is over.
    await first.ok('OFFER_ACCEPT', { order_id: orderId });
    assertErr(
      await save({ order_short_id: shortId, call_number: first.callNumber }),
      'ACTION_NOT_ALLOWED',
    );
    await first.ok('ORDER_ARRIVED', { order_id: orderId });
    await first.ok('ORDER_CLIENT_IN', { order_id: orderId });
    await first.ok('RIDE_END', { order_id: orderId, price: 20 });

    // Another taxi than the one that drove, another passenger, an unknown order, bad input.
    const stranger = await cab(200);
    assertErr(
      await save({ order_short_id: shortId, call_number: stranger.callNumber }),
      'ACTION_NOT_ALLOWED',
    );
    assertErr(
      await save({ order_short_id: shortId, call_number: first.callNumber }, await passenger()),
      'ORDER_ACCESS_DENIED',
    );
    assertErr(
      await save({ order_short_id: 'NOPE', call_number: first.callNumber }),
      'ORDER_ACCESS_DENIED',
    );
    assertErr(await save({ order_short_id: shortId }), 'ARG_ERROR');
    assertErr(await call(app, 'GET_FAVOURITE_TAXIS', {}), 'ACCESS_DENIED');
    // The taxi of another corporation's host is not this order's.
    assertErr(
      await call(
        app,
        'SAVE_FAVOURITE_TAXI',
        { order_short_id: shortId, call_number: first.callNumber },
        { token, host: 'other.example' },
      ),
      'ACCESS_DENIED',
    );

    const kept = assertOk(await save({ order_short_id: shortId, call_number: first.callNumber }));
    assert.deepEqual(kept.favourite, {
      call_number: first.callNumber,
      brand: 'Toyota Prius',
      color: 'white',
      vehicle_registration: `KR ${first.callNumber}`,
    });
    // Again: kept once.
    assertOk(await save({ order_short_id: shortId, call_number: first.callNumber }));
    const list = async () =>
      (
        assertOk(await call(app, 'GET_FAVOURITE_TAXIS', {}, { token })).data_list as {
          call_number: string;
        }[]
      ).map((f) => f.call_number);
    assert.deepEqual(await list(), [first.callNumber]);
    const reply = assertOk(await call(app, 'GET_FAVOURITE_TAXIS', {}, { token }));
    assert.equal(JSON.stringify(reply).includes('lat'), false, 'never a position');
    assert.equal(JSON.stringify(reply).includes('+48'), false, 'never a phone');

    // The cap: more rides with other taxis, the fourth favourite refused.
    const more: Cab[] = [];
    for (let i = 0; i < FAVOURITE_TAXIS_MAX; i++) {
      await offWork(first, stranger, ...more);
      const driver = await cab(100);
      more.push(driver);
      const ride = await order(token);
      await dispatch.tick();
      await finish(ride.orderId, driver);
      const answer = await save({ order_short_id: ride.shortId, call_number: driver.callNumber });
      if (i < FAVOURITE_TAXIS_MAX - 1) assertOk(answer);
      else assertErr(answer, 'ACTION_NOT_ALLOWED');
    }
    assert.equal((await list()).length, FAVOURITE_TAXIS_MAX);
    assert.equal((await list())[0], more[1]!.callNumber, 'newest first');

    assertOk(
      await call(app, 'DELETE_FAVOURITE_TAXI', { call_number: first.callNumber }, { token }),
    );
    assertErr(
      await call(app, 'DELETE_FAVOURITE_TAXI', { call_number: first.callNumber }, { token }),
      'NOT_FOUND',
    );
    assert.deepEqual(await list(), [more[1]!.callNumber, more[0]!.callNumber]);

    // Deleted with the account.
    assertOk(await call(app, 'DELETE_REQUEST', {}, { token }));
    assert.equal(
      (
        await db
          .selectFrom('favourite_taxis')
          .select('id')
          .where(
            'call_number',
            'in',
            more.map((m) => m.callNumber),
          )
          .execute()
      ).length,
      0,
    );
    assert.equal(log.text().includes(first.callNumber), false, 'call numbers are not logged');
    assert.equal(log.text().includes(shortId), false, 'orders are not logged');
    await offWork(first, stranger, ...more);
  });

  test(`more than ${FAVOURITE_CALLS_PER_CLIENT_PER_MINUTE} calls a minute are refused`, async () => {
    const token = await passenger();
    for (let i = 0; i < FAVOURITE_CALLS_PER_CLIENT_PER_MINUTE; i++)
      assertOk(await call(app, 'GET_FAVOURITE_TAXIS', {}, { token }));
    assertErr(await call(app, 'GET_FAVOURITE_TAXIS', {}, { token }), 'ACTION_NOT_ALLOWED');
    clock.advance(61_000);
    assertOk(await call(app, 'GET_FAVOURITE_TAXIS', {}, { token }));
  });
});

describe('prefer my taxi: the favourite first, then normal dispatch', () => {
  test('a free favourite within 5 minutes gets the order before a nearer taxi; Track says it is coming', async () => {
    const favourite = await cab(100);
    const token = await withFavourite(favourite);
    await favourite.report(east(2000)); // 4 minutes away
    const nearer = await cab(50);
    const { orderId } = await order(token, { selected_taxies: [favourite.callNumber] });
    await dispatch.tick();
    assert.deepEqual(await offered(orderId), [`${favourite.callNumber}:U`]);
    const [offer] = await favourite.offers();
    assert.ok(offer!.expires_in_s <= 10, 'the favourite has the wait, at most');
    assert.equal((await record(orderId)).favourite, null, 'still asking');
    await favourite.ok('OFFER_ACCEPT', { order_id: orderId });
    assert.deepEqual((await record(orderId)).favourite, {
      outcome: 'coming',
      call_number: favourite.callNumber,
    });
    assert.deepEqual(await nearer.offers(), [], 'nobody else asked');
    await dispatch.cancel(orderId);
    await offWork(favourite, nearer);
  });

  test('a favourite more than 5 minutes away, busy or turning it down: normal dispatch at once', async () => {
    const favourite = await cab(100);
    const token = await withFavourite(favourite);
    const other = await cab(300);

    await favourite.report(east(3000)); // 6 minutes away
    const far = await order(token, { selected_taxies: [favourite.callNumber] });
    await dispatch.tick();
    assert.deepEqual(await offered(far.orderId), [`${other.callNumber}:U`]);
    assert.deepEqual((await record(far.orderId)).favourite, {
      outcome: 'not_free',
      call_number: null,
    });
    await dispatch.cancel(far.orderId);

    await favourite.report(east(100));
    const declined = await order(token, { selected_taxies: [favourite.callNumber] });
    await dispatch.tick();
    assert.deepEqual(await offered(declined.orderId), [`${favourite.callNumber}:U`]);
    await favourite.ok('OFFER_REJECT', { order_id: declined.orderId });
    assert.deepEqual(await offered(declined.orderId), [
      `${favourite.callNumber}:A`,
      `${other.callNumber}:U`,
    ]);
    await other.ok('OFFER_ACCEPT', { order_id: declined.orderId });
    const shown = await record(declined.orderId);
    assert.deepEqual(shown.favourite, { outcome: 'not_free', call_number: null });
    assert.deepEqual(shown.accepted_taxis, [other.callNumber], 'the spec fields as they are');
    const reasons = await db
      .selectFrom('order_log')
      .select('details')
      .where('order_id', 'in', [far.orderId, declined.orderId])
      .where('action', '=', 'favourite_fallback')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      reasons.map((r) => JSON.parse(r.details).reason),
      ['none_free', 'declined'],
    );
    await dispatch.cancel(declined.orderId);
    await offWork(favourite, other);
  });

  test('a favourite that does not answer has the order for the wait only', async () => {
    const favourite = await cab(100);
    const token = await withFavourite(favourite);
    const other = await cab(300);
    const { orderId } = await order(token, { selected_taxies: [favourite.callNumber] });
    await dispatch.tick();
    assert.deepEqual(await offered(orderId), [`${favourite.callNumber}:U`]);
    clock.advance(5_000);
    await favourite.report(east(100));
    await other.report(east(300));
    await dispatch.tick();
    assert.deepEqual(await offered(orderId), [`${favourite.callNumber}:U`], 'still waiting');
    clock.advance(5_000);
    await dispatch.tick();
    assert.deepEqual(await offered(orderId), [
      `${favourite.callNumber}:T`,
      `${other.callNumber}:U`,
    ]);
    assert.deepEqual((await record(orderId)).favourite, { outcome: 'not_free', call_number: null });
    await dispatch.cancel(orderId);
    await offWork(favourite, other);
  });

  test('a multi-taxi order: the favourite first, the other taxi once it answered', async () => {
    const favourite = await cab(100);
    const token = await withFavourite(favourite);
    const other = await cab(50);
    const { orderId } = await order(token, {
      selected_taxies: [favourite.callNumber],
      taxi_count: 2,
    });
    await dispatch.tick();
    assert.deepEqual(await offered(orderId), [`${favourite.callNumber}:U`]);
    await dispatch.tick();
    assert.deepEqual(await offered(orderId), [`${favourite.callNumber}:U`], 'waits for it');
    await favourite.ok('OFFER_ACCEPT', { order_id: orderId });
    await dispatch.tick();
    assert.deepEqual(await offered(orderId), [
      `${favourite.callNumber}:P`,
      `${other.callNumber}:U`,
    ]);
    assert.deepEqual((await record(orderId)).favourite, {
      outcome: 'coming',
      call_number: favourite.callNumber,
    });
    const fallback = await db
      .selectFrom('order_log')
      .select('details')
      .where('order_id', '=', orderId)
      .where('action', '=', 'favourite_fallback')
      .executeTakeFirstOrThrow();
    assert.equal(JSON.parse(fallback.details).reason, 'taken');
    await dispatch.cancel(orderId);
    await offWork(favourite, other);
  });

  test('selected taxis that are not favourites of the passenger get no preference', async () => {
    const stranger = await cab(1000);
    const nearer = await cab(100);
    const { orderId } = await order(await passenger(), { selected_taxies: [stranger.callNumber] });
    await dispatch.tick();
    assert.deepEqual(await offered(orderId), [`${nearer.callNumber}:U`]);
    await dispatch.cancel(orderId);
    await offWork(stranger, nearer);
  });
});
