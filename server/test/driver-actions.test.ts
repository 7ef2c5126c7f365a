import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertErr, assertOk, call, fakeClock, signIn } from './support/api.ts';
import { operator, taxiCorporation } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';
import { driverCall, taxi } from './support/live.ts';

// The driver's steps of an order, one by one: what each needs, what it changes, what it logs.
const clock = fakeClock('2026-03-02T10:00:00Z');
const server = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'], { dispatch: { offer_timeout_s: 20 } })],
  overrides: { clock },
});
const { app } = server;
const { db } = app.services.storage;
const dispatch = app.services.dispatch;
const pickup = { lat: 50.06, lng: 19.94, city: 'Kraków', street: 'Grodzka', number: '5' };
let calls = 0;
let phones = 0;

const cabs: Awaited<ReturnType<typeof taxi>>[] = [];

/** A new order and one free taxi beside it (the others end their work), offered the order. */
async function offered() {
  for (const other of cabs.splice(0)) await other.ok('TAXI_STATE', { state: 'F' });
  const cab = await taxi(app, String(++calls), { lat: pickup.lat, lng: pickup.lng + 0.001 });
  cabs.push(cab);
  const token = await signIn(app, `+48604${String(1_000_000 + ++phones).slice(1)}`);
  const { order_id } = assertOk(
    await call(app, 'ORDER_SAVE', { order: { order_type: 'Z', poi: pickup } }, { token }),
  );
  await dispatch.tick();
  return { cab, orderId: order_id as number };
}

const assignment = (orderId: number) =>
  db
    .selectFrom('assignments')
    .select(['state', 'answered_at', 'arrived_at', 'picked_up_at', 'ride_ended_at'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const order = (orderId: number) =>
  db
    .selectFrom('orders')
    .select(['state', 'arrived_at', 'price', 'revision'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
const log = async (orderId: number) =>
  (
    await db
      .selectFrom('order_log')
      .select(['action', 'details'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((e) => `${e.action}${e.details === '{}' ? '' : ` ${e.details}`}`);

describe('driver actions', () => {
  test('each step needs its assignment state, answers NOT_FOUND without it, and moves it on', async () => {
    const { cab, orderId } = await offered();
    const notFound = async (action: string, message: string) => {
      const reply = await cab.api(action, { order_id: orderId });
      assertErr(reply, 'NOT_FOUND');
      assert.equal(reply.status_mesg, message, action);
    };
    await notFound('ORDER_ARRIVED', 'This taxi does not have this order');
    await notFound('ORDER_CLIENT_IN', 'This taxi does not have this order');
    await notFound('RIDE_END', 'This taxi does not have this order');
    const revision = (await order(orderId)).revision;
    await cab.ok('OFFER_ACCEPT', { order_id: orderId });
    assert.equal((await assignment(orderId)).state, 'P');
    assert.equal((await assignment(orderId)).answered_at, clock.now());
    assert.equal((await order(orderId)).revision, revision + 1, 'a new revision for the viewers');
    await notFound('OFFER_ACCEPT', 'No offer of this order is waiting for this taxi');
    await notFound('OFFER_REJECT', 'No offer of this order is waiting for this taxi');

    clock.advance(60_000);
    const arrivedAt = clock.now();
    await cab.ok('ORDER_ARRIVED', { order_id: orderId });
    clock.advance(30_000);
    await cab.ok('ORDER_ARRIVED', { order_id: orderId });
    assert.equal((await assignment(orderId)).arrived_at, arrivedAt, 'a repeat changes nothing');
    assert.equal((await order(orderId)).arrived_at, arrivedAt);

    await cab.ok('ORDER_CLIENT_IN', { order_id: orderId });
    assert.equal((await assignment(orderId)).state, 'Z');
    assert.equal((await assignment(orderId)).picked_up_at, clock.now());
    assert.equal((await order(orderId)).state, 'Z', 'settled: the one taxi has the client');

    assertErr(await cab.api('RIDE_END', { order_id: orderId, price: -1 }), 'INVALID_DATA');
    assertErr(await cab.api('RIDE_END', { order_id: orderId, price: 100_001 }), 'INVALID_DATA');
    await cab.ok('RIDE_END', { order_id: orderId, price: 10.125 });
    const endedAt = clock.now();
    clock.advance(1_000);
    await cab.ok('RIDE_END', { order_id: orderId, price: 5 });
    assert.equal((await assignment(orderId)).ride_ended_at, endedAt, 'a repeat changes nothing');
    assert.equal((await order(orderId)).price, 10.13);
    assert.deepEqual(await log(orderId), [
      'created {"order_type":"Z","taxi_count":1}',
      'assign_taxi {"distance_m":71}',
      'taxi_accepted',
      'taxi_client_arrived',
      'taxi_client_present',
      'taxi_ride_end {"price":10.125}',
    ]);
  });

  test('an offer cannot be accepted once expired, only rejected; a drop and an absence pass on', async () => {
    const { cab, orderId } = await offered();
    clock.advance(20_000);
    const late = await cab.api('OFFER_ACCEPT', { order_id: orderId });
    assertErr(late, 'ACTION_NOT_ALLOWED');
    assert.equal(late.status_mesg, 'The offer has expired');
    await cab.ok('OFFER_REJECT', { order_id: orderId });
    assert.equal((await assignment(orderId)).state, 'A');
    await dispatch.cancel(orderId); // else the next taxi would be offered it first

    const next = await offered();
    await next.cab.ok('OFFER_ACCEPT', { order_id: next.orderId, price: 'ignored' });
    await next.cab.ok('ORDER_DROP', { order_id: next.orderId });
    assert.equal((await assignment(next.orderId)).state, 'C');
    assert.equal((await order(next.orderId)).state, 'T', 'forwarded, still in progress');
    await dispatch.cancel(next.orderId);

    const third = await offered();
    await third.cab.ok('OFFER_ACCEPT', { order_id: third.orderId });
    await third.cab.ok('ORDER_CLIENT_ABSENT', { order_id: third.orderId });
    assert.equal((await assignment(third.orderId)).state, 'M');
    assert.equal((await order(third.orderId)).state, 'M', 'no taxi has the client');
    assert.deepEqual((await log(third.orderId)).slice(2), ['taxi_accepted', 'taxi_client_absent']);
  });

  test('a blocked taxi stays blocked: its own change is refused, its token ends within a second, no order reaches it', async () => {
    const { cab, orderId } = await offered();
    cabs.splice(cabs.indexOf(cab), 1);
    await cab.ok('OFFER_REJECT', { order_id: orderId });
    await dispatch.cancel(orderId);
    await cab.ok('TAXI_POSITION', { lat: pickup.lat, lng: pickup.lng + 0.001, state: 'W' });
    const blocked = operator(server, 'taxi-state', 'demo', cab.callNumber, 'B');
    assert.equal(blocked.status, 0, blocked.stderr);
    // The clock stands still: whatever this process believes of the token, B wins.
    assertErr(await cab.api('TAXI_STATE', { state: 'Z' }), 'BLOCKED');
    assertErr(await cab.api('TAXI_POSITION', { ...pickup, state: 'W' }), 'ACCESS_DENIED');
    const row = () =>
      db
        .selectFrom('taxis')
        .select('state')
        .where('corporation_id', '=', 'demo')
        .where('call_number', '=', cab.callNumber)
        .executeTakeFirstOrThrow();
    assert.equal((await row()).state, 'B');
    // A driver app that only reports its position is refused once the second of belief is over.
    const other = await taxi(app, String(++calls), { lat: pickup.lat, lng: pickup.lng + 0.002 });
    assert.equal(operator(server, 'taxi-state', 'demo', other.callNumber, 'B').status, 0);
    clock.advance(1_000);
    assertErr(
      await other.api('TAXI_POSITION', { lat: pickup.lat, lng: pickup.lng }),
      'ACCESS_DENIED',
    );
    assertErr(await other.api('GET_OFFERS'), 'ACCESS_DENIED');
    const login = { call_number: cab.callNumber, password: `secret-${cab.callNumber}` };
    assertErr(await driverCall(app, 'LOGIN', login), 'BLOCKED');
    assert.equal((await row()).state, 'B');
    // The next order beside it goes to nobody: the blocked taxi is not offered it.
    const token = await signIn(app, `+48604${String(1_000_000 + ++phones).slice(1)}`);
    const next = assertOk(
      await call(app, 'ORDER_SAVE', { order: { order_type: 'Z', poi: pickup } }, { token }),
    );
    await dispatch.tick();
    const offeredTo = await db
      .selectFrom('assignments')
      .select('call_number')
      .where('order_id', '=', next.order_id as number)
      .execute();
    assert.deepEqual(offeredTo, []);
    await dispatch.cancel(next.order_id as number);
  });
});
