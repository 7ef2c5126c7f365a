import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gridPoint, TOWN_FILE } from './fixtures/make-town.ts';
import { assertOk, call, rateCall, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';
import { listen, taxi, trackingSocket, trackLogin } from './support/live.ts';

const server = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'], { geo: { extract: TOWN_FILE } })],
});
const { app } = server;
const hostPort = await listen(app);
let phones = 0;
const newClient = () => signIn(app, `+48603${String(1_000_000 + ++phones).slice(1)}`);
let calls = 10;
/** A free taxi beside the pickup, so that it is the one offered the order. */
const nearbyTaxi = () =>
  taxi(app, String(++calls), { lat: gridPoint(2, 2).lat + 0.0005, lng: gridPoint(2, 2).lng });

const pickup = { ...gridPoint(2, 2), city: 'Testowo', street: 'Grodzka', number: '5' };
const destination = { ...gridPoint(4, 4), city: 'Testowo', street: 'Długa', number: '7' };

async function placeOrder(fields: Record<string, unknown> = {}) {
  const token = await newClient();
  const reply = assertOk(
    await call(
      app,
      'ORDER_SAVE',
      { order: { order_type: 'Z', poi: pickup, dst: destination, ...fields } },
      { token },
    ),
  );
  return {
    token,
    track: reply.track as { order_short_id: string; secret: string },
    orderId: reply.order_id as number,
  };
}

describe('tracking socket', () => {
  test('LOGIN: a wrong secret and an unknown order get the same refusal, then the socket closes', async () => {
    const { track, orderId } = await placeOrder();
    // No taxi should be offered this one while the other tests run.
    await app.services.dispatch.cancel(orderId);
    const wrong = await trackingSocket(hostPort);
    const refusal = await trackLogin(wrong, { ...track, secret: 'A'.repeat(32) });
    const unknown = await trackingSocket(hostPort);
    const same = await trackLogin(unknown, { order_short_id: 'ZZZZZZZZ', secret: track.secret });
    assert.deepEqual(refusal, same);
    assert.deepEqual(refusal, {
      action_id: 'LOGIN',
      status: 'ERR',
      status_mesg: 'Order not available',
      error: 'ORDER_ACCESS_DENIED',
      error_data: 'ORDER_ACCESS_DENIED',
      vars: null,
    });
    assert.equal((await wrong.waitClosed()).code, 4403);
    await unknown.waitClosed();

    const before = await trackingSocket(hostPort);
    before.send({ action_id: 'ORDER_CANCEL' });
    const denied = await before.next();
    assert.equal(denied.error_data, 'ACCESS_DENIED');
    before.send({ action_id: 'NO_SUCH_THING' });
    assert.equal((await before.next()).error_data, 'ACTION_NOT_ALLOWED');
    before.ws.send('not json');
    assert.equal((await before.next()).error_data, 'ARG_ERROR');
    before.close();
  });

  test('LOGIN: a short id or secret that is no text is ARG_ERROR; no user_agent is needed', async () => {
    const { track, orderId } = await placeOrder();
    const socket = await trackingSocket(hostPort);
    const refused = {
      action_id: 'LOGIN',
      status: 'ERR',
      status_mesg: 'order_short_id and secret are required',
      error: 'ARG_ERROR',
      error_data: 'ARG_ERROR',
      vars: null,
    };
    for (const wrong of [
      { ...track, secret: 42 },
      { order_short_id: track.order_short_id },
      { ...track, order_short_id: '  ' },
    ]) {
      socket.send({ action_id: 'LOGIN', user_agent: 'test', ...wrong });
      assert.deepEqual(await socket.next((m) => m.action_id === 'LOGIN'), refused);
    }
    socket.send({ action_id: 'LOGIN', ...track });
    assert.equal((await socket.next((m) => m.action_id === 'LOGIN')).status, 'OK');
    socket.close();
    // No taxi should be offered this one while the other tests run.
    await app.services.dispatch.cancel(orderId);
  });

  test('a whole ride: U -> T -> taxi accepted -> arrived -> client in taxi -> Z, with taxi positions of this order only', async () => {
    const cab = await nearbyTaxi();
    const stranger = await taxi(app, String(++calls), {
      lat: gridPoint(0, 0).lat,
      lng: gridPoint(0, 0).lng,
    });
    await stranger.ok('TAXI_STATE', { state: 'P' });
    const { track, orderId } = await placeOrder({ info: 'Blue door' });
    const socket = await trackingSocket(hostPort);
    const login = await trackLogin(socket, track);
    assert.equal(login.status, 'OK');
    assert.equal(login.error, null);
    assert.equal(login.error_data, null);
    assert.equal(login.vars.order_id, orderId);
    assert.equal(login.vars.order_short_id, track.order_short_id);

    const first = await socket.update(() => true);
    assert.equal(first.order.order_id, orderId);
    assert.equal(first.order.state, first.order.stage === 'created' ? 'U' : 'T');
    assert.deepEqual(first.taxis_data, {});
    const record = first.order;
    for (const field of [
      'accepted_taxis',
      'arrived',
      'client_lat',
      'client_lng',
      'created',
      'date_time',
      'dst_price',
      'ended',
      'finished_taxis',
      'order_id',
      'order_type',
      'price',
      'rate',
      'state',
      'taxi_count',
      'poi',
      'dst',
      'eta_min',
      'eta',
      'stage',
      'routes',
      'surcharge',
    ]) {
      assert.ok(field in record, `tracking record has ${field}`);
    }
    assert.equal(record.client_lat, pickup.lat);
    assert.equal(record.poi.street, 'Grodzka');
    assert.equal(record.dst.street, 'Długa');
    assert.ok(record.dst_price > 10, 'priced on the road route');
    assert.ok(record.routes[0].points.length > 2, 'the ride follows the streets');

    // The dispatch may have offered it before the login: then the first update says so already.
    const offered =
      first.order.stage === 'waiting_for_accept'
        ? first
        : await socket.update((o) => o.stage === 'waiting_for_accept');
    assert.equal(offered.order.state, 'T');
    const [offer] = await cab.offers();
    assert.equal(offer!.order_id, orderId);
    assert.equal(offer!.order.passwd, null, 'no password before accepting');

    await cab.ok('OFFER_ACCEPT', { order_id: orderId });
    const accepted = await socket.update((o) => o.stage === 'taxi_on_the_way');
    assert.deepEqual(accepted.order.accepted_taxis, [cab.callNumber]);
    assert.deepEqual(accepted.taxis_data, {
      [cab.callNumber]: {
        color: 'white',
        brand: 'Toyota Prius',
        vehicle_registration: `KR ${cab.callNumber}`,
      },
    });
    assert.equal(typeof accepted.order.eta_min, 'number');
    const initialTaxi = await socket.next((m) => m.action_id === 'TAXI_STATE_UPDATE');
    assert.equal(initialTaxi.taxi.call_number, cab.callNumber);

    await stranger.report(gridPoint(0, 1));
    await cab.ok('TAXI_STATE', { state: 'K' });
    await cab.report(gridPoint(2, 1));
    const moved = await socket.next(
      (m) => m.action_id === 'TAXI_STATE_UPDATE' && m.taxi.lat === gridPoint(2, 1).lat,
    );
    assert.equal(moved.taxi.call_number, cab.callNumber);
    assert.equal(moved.taxi.state, 'K');
    assert.equal(moved.taxi.client, false);
    assert.equal(moved.taxi.connected, true);
    assert.match(moved.taxi.address, /^Grodzka \d+$/, 'where the taxi is, from the extract');
    assert.ok(moved.taxi.state_eta >= 1);
    for (const field of ['id', 'acc', 'alarm', 'state_zone', 'state_nav_point'])
      assert.ok(field in moved.taxi, field);
    socket.send({ action_id: 'PING' });
    socket.send({ action_id: 'TAXI_STATE_UPDATE' });

    await cab.ok('ORDER_ARRIVED', { order_id: orderId });
    const arrived = await socket.update((o) => o.stage === 'taxi_arrived');
    assert.match(arrived.order.arrived, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const onBoard = await cab.ok('ORDER_CLIENT_IN', { order_id: orderId });
    assert.equal(onBoard.orders[0].order.info, 'Blue door');
    const inTaxi = await socket.update((o) => o.state === 'Z');
    assert.equal(inTaxi.order.stage, 'client_in_taxi');
    assert.deepEqual(inTaxi.order.finished_taxis, [cab.callNumber]);
    assert.ok(inTaxi.order.ended);
    await cab.report(gridPoint(3, 3));
    const riding = await socket.next(
      (m) => m.action_id === 'TAXI_STATE_UPDATE' && m.taxi.lat === gridPoint(3, 3).lat,
    );
    assert.equal(riding.taxi.client, true);

    await cab.ok('RIDE_END', { order_id: orderId, price: 23.5 });
    const over = await socket.update((o) => o.stage === 'finished');
    assert.equal(over.order.price, 23.5);
    assert.equal(
      socket.closed,
      undefined,
      'Z keeps the socket open (the passenger rates the ride)',
    );
    assertOk(await rateCall(app, 'SET_RATE', { ...track, data: { rate: 2 } }));
    assert.equal((await socket.update((o) => o.rate === 2)).order.stage, 'finished');
    assert.ok(
      !socket.received.some(
        (m) => m.action_id === 'TAXI_STATE_UPDATE' && m.taxi.call_number === stranger.callNumber,
      ),
      'no other taxi',
    );
    assert.ok(!socket.received.some((m) => m.status === 'ERR'), 'the client replies were accepted');
    socket.close();
    await stranger.ok('TAXI_STATE', { state: 'F' });
    await cab.ok('TAXI_STATE', { state: 'F' });
  });

  test('ORDER_CANCEL of a link holder or another client: ACTION_ACCESS_DENIED, the order untouched', async () => {
    const { track, orderId } = await placeOrder();
    const stranger = await newClient();
    const linkHolder = await trackingSocket(hostPort);
    await trackLogin(linkHolder, track);
    for (const auth of [undefined, stranger, 'not-a-token']) {
      linkHolder.send({ action_id: 'ORDER_CANCEL', ...(auth ? { auth } : {}) });
      const refused = await linkHolder.next((m) => m.action_id === 'ORDER_CANCEL');
      assert.equal(refused.status, 'ERR');
      assert.equal(refused.error_data, 'ACTION_ACCESS_DENIED', JSON.stringify(refused));
    }
    const row = await app.services.storage.db
      .selectFrom('orders')
      .select('state')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    assert.ok(['U', 'T'].includes(row.state), row.state);
    assert.equal(linkHolder.closed, undefined, 'the link stays open');
    linkHolder.close();
    await app.services.dispatch.cancel(orderId);
  });

  test("ORDER_CANCEL with the owner's token cancels (A), the final update comes, the socket closes; not once the client is in", async () => {
    const cab = await nearbyTaxi();
    const { track, orderId, token } = await placeOrder();
    const socket = await trackingSocket(hostPort);
    await trackLogin(socket, track);
    await socket.update((o) => o.stage === 'waiting_for_accept');
    socket.send({ action_id: 'ORDER_CANCEL', auth: token });
    assert.deepEqual(await socket.next((m) => m.action_id === 'ORDER_CANCEL'), {
      action_id: 'ORDER_CANCEL',
      status: 'OK',
      status_mesg: 'OK',
    });
    const final = await socket.update((o) => o.state === 'A');
    assert.equal(final.order.stage, 'cancelled');
    assert.equal((await socket.waitClosed()).code, 1000);
    assert.deepEqual(await cab.offers(), [], 'the offer was withdrawn');

    // Logging in to a cancelled order: the final state, then the close.
    const late = await trackingSocket(hostPort);
    assert.equal((await trackLogin(late, track)).status, 'OK');
    assert.equal((await late.update(() => true)).order.state, 'A');
    await late.waitClosed();

    const second = await placeOrder();
    const [offer] = await cab.nextOffers();
    assert.equal(offer!.order_id, second.orderId);
    await cab.ok('OFFER_ACCEPT', { order_id: second.orderId });
    await cab.ok('ORDER_CLIENT_IN', { order_id: second.orderId });
    const viewer = await trackingSocket(hostPort);
    await trackLogin(viewer, second.track);
    await viewer.update((o) => o.state === 'Z');
    viewer.send({ action_id: 'ORDER_CANCEL', auth: second.token });
    const refused = await viewer.next((m) => m.action_id === 'ORDER_CANCEL');
    assert.equal(refused.status, 'ERR');
    assert.equal(refused.error_data, 'ACTION_NOT_ALLOWED');
    viewer.close();
    await cab.ok('RIDE_END', { order_id: second.orderId });
    await cab.ok('TAXI_STATE', { state: 'F' });
    assert.ok(orderId < second.orderId);
  });

  test('several viewers get every update; after M (client absent) each gets the final one and is closed', async () => {
    const cab = await nearbyTaxi();
    const { track, orderId } = await placeOrder();
    const passenger = await trackingSocket(hostPort);
    const friend = await trackingSocket(hostPort);
    await trackLogin(passenger, track);
    await trackLogin(friend, track);
    await cab.nextOffers();
    await cab.ok('OFFER_ACCEPT', { order_id: orderId });
    for (const viewer of [passenger, friend])
      assert.deepEqual(
        (await viewer.update((o) => o.stage === 'taxi_on_the_way')).order.accepted_taxis,
        [cab.callNumber],
      );
    const latecomer = await trackingSocket(hostPort);
    await trackLogin(latecomer, track);
    assert.equal((await latecomer.update(() => true)).order.stage, 'taxi_on_the_way');
    await cab.report(gridPoint(2, 3));
    for (const viewer of [passenger, friend, latecomer])
      await viewer.next(
        (m) => m.action_id === 'TAXI_STATE_UPDATE' && m.taxi.lat === gridPoint(2, 3).lat,
      );
    await cab.ok('ORDER_ARRIVED', { order_id: orderId });
    await cab.ok('ORDER_CLIENT_ABSENT', { order_id: orderId });
    for (const viewer of [passenger, friend, latecomer]) {
      const final = await viewer.update((o) => o.state === 'M');
      assert.equal(final.order.stage, 'no_show');
      assert.equal((await viewer.waitClosed()).code, 1000);
    }
    await cab.ok('TAXI_STATE', { state: 'F' });
  });
});

test('the server shuts down promptly with tracking sockets still open', async () => {
  const other = await startApp();
  const socket = await trackingSocket(await listen(other.app));
  const started = Date.now();
  await other.app.close();
  assert.ok(Date.now() - started < 2000, `closed in ${Date.now() - started} ms`);
  await socket.waitClosed();
});
