import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertErr, assertOk, call, fakeClock, signIn } from './support/api.ts';
import { operator, taxiCorporation } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';

// 11:00 in Warsaw on a Monday.
const clock = fakeClock('2026-03-02T10:00:00Z');
const server = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'])],
  overrides: { clock },
});
const { app } = server;
let phones = 0;
const newClient = () => signIn(app, `+48601${String(1_000_000 + ++phones).slice(1)}`);

const pickup = { lat: 50.0614, lng: 19.9366, city: 'Kraków', street: 'Rynek Główny', number: '1' };
const order = (fields: Record<string, unknown> = {}) => ({
  order: { order_type: 'Z', poi: pickup, taxi_count: 1, ...fields },
});

describe('ORDER_SAVE', () => {
  test('places an immediate order and answers its tracking link', async () => {
    const token = await newClient();
    const reply = assertOk(
      await call(
        app,
        'ORDER_SAVE',
        order({ taxi_features_list: [1, 3], info: 'Brama od podwórza' }),
        { token },
      ),
    );
    assert.match(reply.track.order_short_id, /^[A-Z2-9]{8}$/);
    assert.match(reply.track.secret, /^[A-Za-z0-9_-]{32}$/, '192-bit URL-safe secret');
    assert.equal(typeof reply.order_id, 'number');
  });

  test('a second immediate order while one is active is IN_PROGRESS; scheduled ones are fine', async () => {
    const token = await newClient();
    assertOk(await call(app, 'ORDER_SAVE', order(), { token }));
    assertErr(await call(app, 'ORDER_SAVE', order(), { token }), 'IN_PROGRESS');
    assertOk(
      await call(app, 'ORDER_SAVE', order({ order_type: 'T', date_time: '2026-03-02 15:30' }), {
        token,
      }),
    );
  });

  test('is idempotent on call_uniqueid: a retry returns the first order', async () => {
    const token = await newClient();
    const first = assertOk(
      await call(app, 'ORDER_SAVE', order({ call_uniqueid: 'abc-1' }), { token }),
    );
    const retry = assertOk(
      await call(app, 'ORDER_SAVE', order({ call_uniqueid: 'abc-1' }), { token, via: 'get' }),
    );
    assert.deepEqual(retry.track, first.track);
    assert.equal(
      assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token })).data_list.length,
      1,
    );
  });

  test('concurrent saves with one call_uniqueid create one order', async () => {
    const token = await newClient();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(app, 'ORDER_SAVE', order({ call_uniqueid: 'same-key' }), {
          token,
          via: i % 2 ? 'get' : 'post',
        }),
      ),
    );
    for (const reply of replies) assertOk(reply);
    assert.equal(new Set(replies.map((reply) => reply.track.secret)).size, 1);
    assert.equal(
      assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token })).data_list.length,
      1,
    );
  });

  test('concurrent immediate saves with different keys: one order, the rest IN_PROGRESS', async () => {
    const token = await newClient();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(app, 'ORDER_SAVE', order({ call_uniqueid: `key-${i}` }), { token }),
      ),
    );
    assert.equal(replies.filter((reply) => reply.status === 'OK').length, 1);
    for (const reply of replies.filter((r) => r.status !== 'OK')) assertErr(reply, 'IN_PROGRESS');
  });

  test('scheduled orders: later than now plus advance, else WRONG_DATE_TIME', async () => {
    const token = await newClient();
    assertErr(
      await call(app, 'ORDER_SAVE', order({ order_type: 'T' }), { token }),
      'WRONG_DATE_TIME',
    );
    assertErr(
      await call(app, 'ORDER_SAVE', order({ order_type: 'T', date_time: 'tomorrow' }), { token }),
      'WRONG_DATE_TIME',
    );
    assertErr(
      await call(app, 'ORDER_SAVE', order({ order_type: 'T', date_time: '2026-03-02 10:30' }), {
        token,
      }),
      'WRONG_DATE_TIME',
    );
    assertErr(
      await call(
        app,
        'ORDER_SAVE',
        order({ order_type: 'T', date_time: '2026-03-02 11:20', advance: 1800 }),
        { token },
      ),
      'WRONG_DATE_TIME',
    );
    assertErr(
      await call(app, 'ORDER_SAVE', order({ order_type: 'T', date_time: '2026-02-30 12:00' }), {
        token,
      }),
      'WRONG_DATE_TIME',
    );
    assertOk(
      await call(
        app,
        'ORDER_SAVE',
        order({ order_type: 'T', date_time: '2026-03-02 11:40', advance: 1800 }),
        { token },
      ),
    );
    assertOk(
      await call(app, 'ORDER_SAVE', order({ order_type: 'T', date_time: '2026-03-02T14:00:00Z' }), {
        token,
      }),
    );
    const times = assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token })).data_list.map(
      (o: { date_time: string }) => o.date_time,
    );
    assert.deepEqual(times, ['2026-03-02 11:40:00', '2026-03-02 15:00:00']);
  });

  test('subscriptions: from tomorrow, at least a day long, some weekday, else WRONG_REPEATED', async () => {
    const token = await newClient();
    const days = { repeated_monday: true, repeated_time_hour: 7, repeated_time_minute: 30 };
    const save = (fields: Record<string, unknown>) =>
      call(app, 'ORDER_SAVE', order({ order_type: 'R', ...days, ...fields }), { token });
    assertErr(
      await save({ repeated_start: '2026-03-02', repeated_stop: '2026-03-10' }),
      'WRONG_REPEATED',
    );
    assertErr(
      await save({ repeated_start: '2026-03-03', repeated_stop: '2026-03-03' }),
      'WRONG_REPEATED',
    );
    assertErr(
      await save({
        repeated_start: '2026-03-03',
        repeated_stop: '2026-03-10',
        repeated_monday: false,
      }),
      'WRONG_REPEATED',
    );
    assertErr(await save({ repeated_start: '2026-03-03' }), 'WRONG_REPEATED');
    assertErr(
      await save({
        repeated_start: '2026-03-03',
        repeated_stop: '2026-03-10',
        repeated_time_hour: null,
      }),
      'WRONG_REPEATED',
    );
    assertOk(await save({ repeated_start: '2026-03-03', repeated_stop: '2026-03-04' }));
  });

  test('pickup, taxi count, features and perks are checked', async () => {
    const token = await newClient();
    const missing = await call(app, 'ORDER_SAVE', { order: { order_type: 'Z' } }, { token });
    assertErr(missing, 'INVALID_DATA');
    assert.equal(missing.status_mesg, 'Address missing.');
    assertErr(
      await call(app, 'ORDER_SAVE', order({ poi: { city: 'Kraków', number: '5' } }), { token }),
      'INVALID_DATA',
    );
    assertErr(
      await call(app, 'ORDER_SAVE', order({ poi: { lat: 91, lng: 10 } }), { token }),
      'INVALID_DATA',
    );
    assertErr(
      await call(app, 'ORDER_SAVE', order({ poi: { lat: 50 } }), { token }),
      'INVALID_DATA',
    );
    assertErr(
      await call(app, 'ORDER_SAVE', order({ dst: { city: 'Kraków' } }), { token }),
      'INVALID_DATA',
    );
    assertErr(await call(app, 'ORDER_SAVE', order({ taxi_count: 0 }), { token }), 'INVALID_DATA');
    assertErr(await call(app, 'ORDER_SAVE', order({ taxi_count: 6 }), { token }), 'INVALID_DATA');
    assertErr(await call(app, 'ORDER_SAVE', order({ taxi_count: 'two' }), { token }), 'ARG_ERROR');
    assertErr(
      await call(app, 'ORDER_SAVE', order({ taxi_features_list: [99] }), { token }),
      'INVALID_DATA',
    );
    assertErr(await call(app, 'ORDER_SAVE', order({ order_type: 'X' }), { token }), 'INVALID_DATA');
    assertErr(
      await call(app, 'ORDER_SAVE', order({ cash_free: true }), { token }),
      'ACTION_NOT_ALLOWED',
    );
    assertErr(
      await call(app, 'ORDER_SAVE', order({ discount: true }), { token }),
      'ACTION_NOT_ALLOWED',
    );
    assertErr(await call(app, 'ORDER_SAVE', { order: '{broken' }, { token }), 'ARG_ERROR');
    assertErr(await call(app, 'ORDER_SAVE', {}, { token }), 'ARG_ERROR');
    assertErr(await call(app, 'ORDER_SAVE', order()), 'ACCESS_DENIED');
    // A street is enough without coordinates.
    assertOk(
      await call(
        app,
        'ORDER_SAVE',
        order({ poi: { city: 'Kraków', street: 'Floriańska', number: '3' }, taxi_count: 5 }),
        { token },
      ),
    );
  });

  test('every field of the order is checked, whatever its type', async () => {
    const token = await newClient();
    const wrong = [
      [{ repeated_time_hour: 24 }, 'INVALID_DATA', 'order.repeated_time_hour: from 0 to 23'],
      [{ repeated_monday: 'maybe' }, 'ARG_ERROR', 'order.repeated_monday: expected true or false'],
      [{ date_time: 'x'.repeat(41) }, 'INVALID_DATA', 'order.date_time: at most 40 characters'],
    ] as const;
    for (const [fields, code, message] of wrong) {
      const reply = await call(app, 'ORDER_SAVE', order(fields), { token });
      assertErr(reply, code);
      assert.equal(reply.status_mesg, message);
    }
    assertOk(
      await call(app, 'ORDER_SAVE', order({ repeated_time_hour: '', repeated_monday: 'null' }), {
        token,
      }),
    );
  });
});

describe('GET_CURRENT_ORDERS, GET_CLIENT_ORDER_HISTORY, IGNORE_CLIENT_ORDER_HISTORY', () => {
  test("active orders carry type, state, times and the tracking link; only the client's own", async () => {
    const token = await newClient();
    const other = await newClient();
    const saved = assertOk(await call(app, 'ORDER_SAVE', order(), { token }));
    assertOk(await call(app, 'ORDER_SAVE', order(), { token: other }));
    const { data_list } = assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token }));
    assert.equal(data_list.length, 1);
    const [active] = data_list;
    assert.equal(active.order_type, 'Z');
    // The dispatch takes an immediate order into progress (T) at once.
    assert.ok(['U', 'T'].includes(active.state), active.state);
    assert.equal(active.date_time, null);
    assert.equal(active.created, '2026-03-02 11:00:00');
    assert.deepEqual(active.track, saved.track);
    assert.equal(active.poi.street, 'Rynek Główny');
  });

  test('finished orders make the history; ignoring one hides it for its client only', async () => {
    const token = await newClient();
    const saved = assertOk(await call(app, 'ORDER_SAVE', order(), { token }));
    assert.deepEqual(
      assertOk(
        await call(app, 'GET_CLIENT_ORDER_HISTORY', { taxi_group_id: null }, { token, via: 'get' }),
      ).history,
      [],
    );
    const finished = operator(server, 'order-state', 'demo', saved.track.order_short_id, 'Z');
    assert.equal(finished.status, 0, finished.stderr);
    assert.deepEqual(assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token })).data_list, []);
    // The ride is over: a new immediate order is fine.
    assertOk(await call(app, 'ORDER_SAVE', order(), { token }));

    const { history } = assertOk(
      await call(app, 'GET_CLIENT_ORDER_HISTORY', { taxi_group_id: null }, { token }),
    );
    assert.equal(history.length, 1);
    assert.equal(history[0].id, saved.order_id);
    assert.equal(history[0].date_time, '2026-03-02 11:00:00');
    assert.equal(history[0].poi.city, 'Kraków');

    const stranger = await newClient();
    assertErr(
      await call(
        app,
        'IGNORE_CLIENT_ORDER_HISTORY',
        { order_id: saved.order_id },
        { token: stranger },
      ),
      'NOT_FOUND',
    );
    assertErr(await call(app, 'IGNORE_CLIENT_ORDER_HISTORY', {}, { token }), 'ARG_ERROR');
    assertOk(
      await call(
        app,
        'IGNORE_CLIENT_ORDER_HISTORY',
        { order_id: String(saved.order_id) },
        { token, via: 'get' },
      ),
    );
    assert.deepEqual(
      assertOk(await call(app, 'GET_CLIENT_ORDER_HISTORY', {}, { token })).history,
      [],
    );
  });
});
