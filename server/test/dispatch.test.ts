import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertErr, assertOk, call, fakeClock, signIn } from './support/api.ts';
import { gridPoint, TOWN_FILE } from './fixtures/make-town.ts';
import { operator, taxiCorporation } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';
import { driverCall, taxi } from './support/live.ts';

// Monday 2026-03-02 11:00 in Warsaw.
const clock = fakeClock('2026-03-02T10:00:00Z');
/** Moves the fake clock forward to an instant. */
const until = (iso: string) => clock.advance(Date.parse(iso) - clock.now());
const server = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost'], {
      geo: { extract: TOWN_FILE },
      dispatch: { offer_timeout_s: 20, default_advance_s: 900, connected_s: 60 },
    }),
  ],
  overrides: { clock },
});
const { app } = server;
const { db } = app.services.storage;
const dispatch = app.services.dispatch;
let phones = 0;
const newClient = () => signIn(app, `+48604${String(1_000_000 + ++phones).slice(1)}`);
let calls = 20;
const pickup = { ...gridPoint(2, 2), city: 'Testowo', street: 'Grodzka', number: '5' };

async function save(token: string, fields: Record<string, unknown> = {}) {
  return assertOk(
    await call(
      app,
      'ORDER_SAVE',
      { order: { order_type: 'Z', poi: pickup, ...fields } },
      { token },
    ),
  );
}

const assignments = (orderId: number) =>
  db
    .selectFrom('assignments')
    .select(['call_number', 'state'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
const log = async (orderId: number) =>
  (
    await db
      .selectFrom('order_log')
      .select(['action', 'call_number'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((e) => (e.call_number ? `${e.action}:${e.call_number}` : e.action));
const orderState = async (orderId: number) =>
  (
    await db
      .selectFrom('orders')
      .select('state')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).state;

/** Taxis at growing distances east of the pickup, so that the dispatch's order of offers is known. */
async function taxisInLine(count: number) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(
      await taxi(app, String(++calls), { lat: pickup.lat, lng: pickup.lng + 0.001 * (i + 1) }),
    );
  return made;
}

async function offWork(
  ...cabs: { ok: (action: string, fields?: Record<string, unknown>) => Promise<unknown> }[]
) {
  for (const cab of cabs) await cab.ok('TAXI_STATE', { state: 'F' });
}

describe('dispatch', () => {
  test('the nearest free taxi first; a reject, a timeout and a silent taxi each pass the order on', async () => {
    const [near, middle, far, farther] = await taxisInLine(4);
    const { order_id: orderId } = await save(await newClient());
    await dispatch.tick();
    assert.deepEqual(await assignments(orderId), [{ call_number: near!.callNumber, state: 'U' }]);
    assert.equal((await near!.offers())[0]!.order_id, orderId);

    await near!.ok('OFFER_REJECT', { order_id: orderId });
    assert.deepEqual(
      (await assignments(orderId)).map((a) => a.state),
      ['A', 'U'],
    );
    assert.equal((await middle!.offers())[0]!.order_id, orderId, 'offered on at once');

    // The middle taxi keeps reporting but does not answer: timeout (T).
    clock.advance(10_000);
    await middle!.report({ lat: pickup.lat, lng: pickup.lng + 0.002 });
    await far!.report({ lat: pickup.lat, lng: pickup.lng + 0.003 });
    await farther!.report({ lat: pickup.lat, lng: pickup.lng + 0.004 });
    clock.advance(11_000);
    await dispatch.tick();
    assert.deepEqual(await assignments(orderId), [
      { call_number: near!.callNumber, state: 'A' },
      { call_number: middle!.callNumber, state: 'T' },
      { call_number: far!.callNumber, state: 'U' },
    ]);
    assertErr(await middle!.api('OFFER_ACCEPT', { order_id: orderId }), 'NOT_FOUND');

    // The far taxi goes silent after the offer: communication error (E).
    clock.advance(10_000);
    await farther!.report({ lat: pickup.lat, lng: pickup.lng + 0.004 });
    clock.advance(11_000);
    await dispatch.tick();
    assert.deepEqual(
      (await assignments(orderId)).map((a) => `${a.call_number}:${a.state}`).slice(2),
      [`${far!.callNumber}:E`, `${farther!.callNumber}:U`],
    );
    await farther!.ok('OFFER_ACCEPT', { order_id: orderId });
    assert.equal(await orderState(orderId), 'T');
    assert.deepEqual(await log(orderId), [
      'created',
      `assign_taxi:${near!.callNumber}`,
      `taxi_rejected:${near!.callNumber}`,
      `assign_taxi:${middle!.callNumber}`,
      `taxi_rejected_timeout:${middle!.callNumber}`,
      `assign_taxi:${far!.callNumber}`,
      `taxi_rejected_timeout:${far!.callNumber}`,
      `assign_taxi:${farther!.callNumber}`,
      `taxi_accepted:${farther!.callNumber}`,
    ]);

    // The driver gives it back: forwarded to another free taxi.
    clock.advance(200_000);
    for (const cab of [near!, middle!, far!])
      await cab.report({ lat: pickup.lat, lng: pickup.lng + 0.001 });
    await farther!.ok('ORDER_DROP', { order_id: orderId });
    const forwarded = await assignments(orderId);
    assert.equal(forwarded.at(-2)!.state, 'C');
    assert.equal(forwarded.at(-1)!.state, 'U');
    assert.deepEqual((await log(orderId)).slice(-2), [
      `taxi_forward:${farther!.callNumber}`,
      `assign_taxi:${forwarded.at(-1)!.call_number}`,
    ]);
    await dispatch.cancel(orderId);
    assert.deepEqual((await log(orderId)).at(-1), 'cancel');
    await offWork(near!, middle!, far!, farther!);
  });

  test('a multi-taxi order collects that many acceptances and ends (Z) once every taxi has the client', async () => {
    const cabs = await taxisInLine(3);
    const { order_id: orderId } = await save(await newClient(), { taxi_count: 2 });
    await dispatch.tick();
    const offered = await assignments(orderId);
    assert.deepEqual(
      offered.map((a) => a.call_number),
      [cabs[0]!.callNumber, cabs[1]!.callNumber],
      'two offers at once',
    );
    await cabs[0]!.ok('OFFER_ACCEPT', { order_id: orderId });
    await cabs[1]!.ok('OFFER_REJECT', { order_id: orderId });
    assert.equal((await cabs[2]!.offers())[0]!.order_id, orderId);
    await cabs[2]!.ok('OFFER_ACCEPT', { order_id: orderId });
    const accepted = await cabs[2]!.offers();
    assert.deepEqual(accepted, []);
    const work = await cabs[2]!.ok('GET_OFFERS');
    assert.equal(work.orders[0].order_id, orderId);
    assert.equal(work.orders[0].assignment_state, 'P');
    await cabs[0]!.ok('ORDER_ARRIVED', { order_id: orderId });
    await cabs[0]!.ok('ORDER_CLIENT_IN', { order_id: orderId });
    assert.equal(await orderState(orderId), 'T', 'one taxi still coming');
    await cabs[2]!.ok('ORDER_CLIENT_IN', { order_id: orderId });
    assert.equal(await orderState(orderId), 'Z');
    assert.deepEqual(
      (await assignments(orderId)).map((a) => a.state),
      ['Z', 'A', 'Z'],
    );
    assert.ok((await log(orderId)).includes(`taxi_client_present:${cabs[2]!.callNumber}`));
    assert.ok((await log(orderId)).includes(`taxi_client_arrived:${cabs[0]!.callNumber}`));
    await cabs[0]!.ok('RIDE_END', { order_id: orderId, price: 20 });
    await cabs[2]!.ok('RIDE_END', { order_id: orderId, price: 22.5 });
    assert.equal(
      (
        await db
          .selectFrom('orders')
          .select('price')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).price,
      42.5,
    );
    await offWork(...cabs);
  });

  test('a timed order is dispatched at its time minus advance', async () => {
    const [cab] = await taxisInLine(1);
    // 13:00 local with 20 minutes of advance: dispatched at 12:40 (11:40 UTC).
    const saved = await save(await newClient(), {
      order_type: 'T',
      date_time: '2026-03-02 13:00',
      advance: 1200,
    });
    await dispatch.tick();
    assert.equal(await orderState(saved.order_id), 'U');
    until('2026-03-02T11:39:59Z'); // 12:39:59 local
    await cab!.report(pickup);
    await dispatch.tick();
    assert.equal(await orderState(saved.order_id), 'U');
    clock.advance(1000);
    await dispatch.tick();
    assert.equal(await orderState(saved.order_id), 'T');
    assert.deepEqual(await log(saved.order_id), [
      'created',
      'set_date_time',
      'set_advance',
      'taxi_to_timely',
      `assign_taxi:${cab!.callNumber}`,
    ]);
    await dispatch.cancel(saved.order_id);
    // Without an advance of its own: the corporation's default (15 minutes).
    const plain = await save(await newClient(), { order_type: 'W', date_time: '2026-03-02 14:00' });
    until('2026-03-02T12:44:00Z'); // 13:44 local
    await cab!.report(pickup);
    await dispatch.tick();
    assert.equal(await orderState(plain.order_id), 'U');
    clock.advance(60_000);
    await dispatch.tick();
    assert.equal(await orderState(plain.order_id), 'T');
    await dispatch.cancel(plain.order_id);
    await offWork(cab!);
  });

  test('a subscription creates its rides on the chosen weekdays, as timed orders', async () => {
    until('2026-03-02T12:45:00Z'); // Monday 13:45 local
    const token = await newClient();
    const now = new Date(clock.now());
    const day = (offset: number) =>
      new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const subscription = await save(token, {
      order_type: 'R',
      repeated_start: day(1),
      repeated_stop: day(20),
      repeated_time_hour: 7,
      repeated_time_minute: 30,
      repeated_monday: true,
      repeated_wednesday: true,
    });
    await dispatch.tick();
    const rides = async () =>
      db
        .selectFrom('orders')
        .select(['order_type', 'state', 'date_time', 'id'])
        .where('parent_id', '=', subscription.order_id)
        .orderBy('date_time')
        .execute();
    // A 24-hour horizon from Monday 13:45: nothing yet (Tuesday has no ride).
    assert.deepEqual(await rides(), []);
    clock.advance(24 * 3_600_000); // Tuesday 13:45: Wednesday 07:30 is within a day
    await dispatch.tick();
    const created = await rides();
    assert.equal(created.length, 1);
    assert.equal(created[0]!.order_type, 'T');
    assert.equal(created[0]!.state, 'U');
    assert.match(created[0]!.date_time!, / 07:30:00$/);
    assert.deepEqual(await log(created[0]!.id), ['created', 'set_date_time', 'set_advance']);
    const { data_list } = assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token }));
    assert.equal(data_list.length, 2, 'the subscription and its ride');
    await dispatch.tick();
    assert.equal((await rides()).length, 1, 'a ride is created once');
    await dispatch.cancel(created[0]!.id);
    await dispatch.cancel(subscription.order_id);
  });

  test('driver API: sign-in, tokens, states and whose offer is whose', async () => {
    assertErr(
      await driverCall(app, 'LOGIN', { call_number: '999', password: 'nope' }),
      'ACCESS_DENIED',
    );
    assertErr(
      await driverCall(app, 'TAXI_POSITION', { token: 'forged', lat: 50, lng: 20 }),
      'ACCESS_DENIED',
    );
    assertErr(await driverCall(app, 'LOGIN', { call_number: '999' }), 'ARG_ERROR');
    const [cab, other] = await taxisInLine(2);
    const wrong = await driverCall(app, 'LOGIN', {
      call_number: cab!.callNumber,
      password: 'wrong',
    });
    assertErr(wrong, 'ACCESS_DENIED');
    assertErr(await cab!.api('TAXI_STATE', { state: 'X' }), 'INVALID_DATA');
    assertErr(await cab!.api('TAXI_STATE', { state: 'B' }), 'ACTION_NOT_ALLOWED');
    assertErr(await cab!.api('TAXI_POSITION', { lat: 91, lng: 0 }), 'INVALID_DATA');
    assertErr(await cab!.api('OFFER_ACCEPT', {}), 'ARG_ERROR');
    const { order_id: orderId } = await save(await newClient());
    await dispatch.tick();
    assertErr(await other!.api('OFFER_ACCEPT', { order_id: orderId }), 'NOT_FOUND');
    assertErr(await cab!.api('ORDER_CLIENT_IN', { order_id: orderId }), 'NOT_FOUND');
    const waiting = await cab!.ok('GET_OFFERS', { wait: 5 });
    assert.equal(waiting.offers[0].order_id, orderId, 'an offer waiting answers at once');
    // A long poll wakes when an offer comes.
    await cab!.ok('OFFER_ACCEPT', { order_id: orderId });
    const polling = other!.ok('GET_OFFERS', { wait: 10 });
    await cab!.ok('ORDER_DROP', { order_id: orderId });
    const woken = await polling;
    assert.equal(woken.offers[0].order_id, orderId);
    await other!.ok('OFFER_ACCEPT', { order_id: orderId });
    await other!.ok('ORDER_ARRIVED', { order_id: orderId });
    assert.equal((await other!.ok('GET_OFFERS')).orders[0].order.passwd, '');
    await dispatch.cancel(orderId);
    assert.deepEqual(
      (await other!.ok('GET_OFFERS')).orders,
      [],
      'a cancelled order leaves the taxi',
    );
    await cab!.ok('LOGOUT');
    assertErr(await cab!.api('TAXI_POSITION', { lat: 50, lng: 20 }), 'ACCESS_DENIED');
    await offWork(other!);
  });

  test('operator CLI: add-taxi gives the driver app a password; taxi-state B blocks the taxi', async () => {
    const added = operator(
      server,
      'add-taxi',
      'demo',
      '77',
      '--color',
      'black',
      '--brand',
      'Škoda Superb',
      '--plate',
      'KR 77777',
    );
    assert.equal(added.status, 0, added.stderr);
    const password = /password (\S+)/.exec(added.stdout)![1]!;
    const login = await driverCall(app, 'LOGIN', { call_number: '77', password });
    assert.equal(login.status, 'OK', JSON.stringify(login));
    assert.deepEqual(login.taxi, {
      call_number: '77',
      color: 'black',
      brand: 'Škoda Superb',
      vehicle_registration: 'KR 77777',
      state: 'F',
    });
    assert.equal(operator(server, 'taxi-state', 'demo', '77', 'B').status, 0);
    assertErr(await driverCall(app, 'LOGIN', { call_number: '77', password }), 'BLOCKED');
    assert.equal(operator(server, 'taxi-state', 'demo', '77', 'X').status, 1);
    assert.equal(operator(server, 'add-taxi', 'demo').status, 1);
  });
});
