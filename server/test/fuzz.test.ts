import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ERROR_MESSAGES } from '@taxi/contract';
import { limitsConfig } from '../src/base/config.ts';
import { assertOk, call, fakeClock, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { gridPoint, TOWN_FILE } from './fixtures/make-town.ts';
import { startApp } from './support/helpers.ts';
import { listen, taxi, trackingSocket, trackLogin } from './support/live.ts';

// Malformed calls of every entry point; each must get JSON with status OK or a catalogue
// error_data other than EXCEPTION, over HTTP 200. Deterministic: one seed, one sequence.
const SEED = 0x5eed_1212;
const HTTP_CALLS = 11_000;
const SOCKET_FRAMES = 1500;

const unlimited = Object.fromEntries(
  Object.entries(limitsConfig({})).map(([name, value]) => [
    name,
    name.endsWith('TimeoutMs') ? value : 1_000_000,
  ]),
) as ReturnType<typeof limitsConfig>;
const { app } = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'], { geo: { extract: TOWN_FILE } })],
  config: { limits: unlimited, smsPerIpPerHour: 1_000_000, geoPerIpPerMinute: 1_000_000 },
  overrides: { clock: fakeClock('2026-03-02T10:00:00Z') },
});

function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}
const rnd = random(SEED);

const FIELDS = [
  'phone',
  'secret',
  'gdpr',
  'lang',
  'order_id',
  'taxi_group_id',
  'order',
  'auth',
  'token',
  'query',
  'lat',
  'lng',
  'limit',
  'data',
  'order_short_id',
  'call_number',
  'password',
  'state',
  'price',
  'acc',
  'action_id',
  'cmd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];
const ORDER_FIELDS = [
  'order_type',
  'poi',
  'dst',
  'date_time',
  'taxi_count',
  'taxi_group_id',
  'taxi_features_list',
  'call_uniqueid',
  'cash_free',
  'discount',
  'info',
  'selected_taxies',
  'repeated_',
  'advance',
  'repeated_time_hour',
  'repeated_time_minute',
  '__proto__',
  'constructor',
];
const STRINGS = [
  '',
  ' ',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '+48601000000',
  '48 601 000 000',
  'Z',
  'T',
  'W',
  'R',
  'ABCDEFGH',
  '2026-13-45 25:61',
  '9999-12-31 23:59',
  "'; drop table orders; --",
  '\u0000',
  '\ud800',
  '🚕🚕',
  'Zażółć gęślą jaźń',
  '\u202eevil',
  '<script>alert(1)</script>',
  '{"a":',
  '[]',
  '../../etc/passwd',
  '%00',
  'x'.repeat(5000),
];
/** The longest string a value may be: the tracking socket takes frames of 16 kB at most. */
let longest = 40_000;
const NUMBERS = [0, -1, 1, 2.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 90.0001, -180.5];

function value(depth = 0): unknown {
  switch (rnd.int(depth > 3 ? 5 : 9)) {
    case 0:
      return null;
    case 1:
      return rnd.pick(NUMBERS);
    case 2:
      return rnd.pick(STRINGS);
    case 3:
      return rnd.next() < 0.5;
    case 4:
      return 'x'.repeat(rnd.int(longest));
    case 5:
      return Array.from({ length: rnd.int(4) }, () => value(depth + 1));
    case 6:
      return payload(FIELDS, depth + 1);
    case 7:
      return payload(ORDER_FIELDS, depth + 1);
    default:
      return nested(rnd.int(200));
  }
}

function nested(depth: number): unknown {
  let inner: unknown = rnd.pick(STRINGS);
  for (let i = 0; i < depth; i++) inner = rnd.next() < 0.5 ? [inner] : { a: inner };
  return inner;
}

function payload(names: readonly string[], depth = 0): Record<string, unknown> {
  // fromEntries makes __proto__ an own key, so it travels in the JSON as a hostile body has it.
  return Object.fromEntries(
    Array.from({ length: rnd.int(6) }, () => [rnd.pick(names), value(depth)]),
  );
}

const CATALOGUE = new Set(Object.keys(ERROR_MESSAGES));
let checked = 0;
function checkReply(where: string, statusCode: number, body: string) {
  checked++;
  assert.equal(statusCode, 200, `${where}: HTTP ${statusCode} ${body.slice(0, 200)}`);
  const reply = JSON.parse(body) as Record<string, unknown>;
  if (reply.status === 'OK') return;
  assert.equal(reply.status, 'ERR', `${where}: ${body.slice(0, 200)}`);
  assert.ok(CATALOGUE.has(String(reply.error_data)), `${where}: ${body.slice(0, 200)}`);
  assert.notEqual(reply.error_data, 'EXCEPTION', `${where}: ${body.slice(0, 300)}`);
}

test(`${HTTP_CALLS} malformed HTTP calls and ${SOCKET_FRAMES} socket frames: catalogue errors only, orders intact`, async () => {
  const hostPort = await listen(app);
  // What must survive: a timed order placed before (no taxi is offered it in the meantime).
  const owner = await signIn(app, '+48605000001');
  const kept = assertOk(
    await call(
      app,
      'ORDER_SAVE',
      {
        order: {
          order_type: 'T',
          date_time: '2026-03-04 12:00',
          poi: { ...gridPoint(2, 2), city: 'Testowo', street: 'Grodzka', number: '5' },
        },
      },
      { token: owner },
    ),
  );
  const row = () =>
    app.services.storage.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', kept.order_id)
      .executeTakeFirstOrThrow();
  const before = await row();
  const token = await signIn(app, '+48605000002');
  const cab = await taxi(app, '77', gridPoint(0, 0));

  const clientActions = app.services.actions.names();
  const driverActions = [
    'LOGIN',
    'LOGOUT',
    'TAXI_POSITION',
    'TAXI_STATE',
    'GET_OFFERS',
    'OFFER_ACCEPT',
    'OFFER_REJECT',
    'ORDER_ARRIVED',
    'ORDER_CLIENT_IN',
    'ORDER_CLIENT_ABSENT',
    'ORDER_DROP',
    'RIDE_END',
    'NO_SUCH',
  ];
  const ending = new Set(['LOGOUT', 'DELETE_REQUEST']);

  for (let i = 0; i < HTTP_CALLS; i++) {
    const kind = rnd.int(10);
    const fields = payload(FIELDS);
    let reply;
    if (kind <= 5) {
      const action = rnd.next() < 0.95 ? rnd.pick(clientActions) : rnd.pick(STRINGS);
      // A real token reaches deeper code; never for the calls that would end it.
      if (rnd.next() < 0.6 && !ending.has(action)) fields.auth = token;
      if (rnd.next() < 0.7) fields.order = payload(ORDER_FIELDS);
      if (kind <= 1) {
        const query = new URLSearchParams({ action });
        for (const [key, v] of Object.entries(fields))
          query.append(key, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
        if (rnd.next() < 0.1) query.append('action', 'GET_AUTH');
        reply = await app.inject({ url: `/api/2/?${query}`.slice(0, 60_000) });
      } else if (kind <= 3) {
        const cmd =
          rnd.next() < 0.1 ? rnd.pick(STRINGS) : JSON.stringify({ action_id: action, ...fields });
        reply = await app.inject({
          method: 'POST',
          url: '/api/2/',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ cmd }).toString(),
        });
      } else {
        const body =
          rnd.next() < 0.1
            ? rnd.pick(['[1]', '"x"', 'null', '{"a":', '1', '{}'])
            : JSON.stringify({ action_id: action, ...fields });
        reply = await app.inject({
          method: 'POST',
          url: '/api/2/',
          headers: { 'content-type': rnd.next() < 0.05 ? 'text/plain' : 'application/json' },
          payload: body,
        });
      }
    } else if (kind <= 7) {
      const action = rnd.pick(['GET_RATE', 'SET_RATE', 'NO_SUCH']);
      if (rnd.next() < 0.3) Object.assign(fields, kept.track, { secret: rnd.pick(STRINGS) });
      reply = await app.inject({
        method: 'POST',
        url: '/rate/api/1/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          cmd: JSON.stringify({ action_id: action, ...fields }),
        }).toString(),
      });
    } else {
      const action = rnd.pick(driverActions);
      if (rnd.next() < 0.6 && action !== 'LOGOUT') fields.token = cab.token;
      delete fields.wait;
      reply = await app.inject({
        method: 'POST',
        url: '/driver/api/1/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ action_id: action, ...fields }),
      });
    }
    checkReply(`call ${i} ${reply.raw.req.url?.slice(0, 80)}`, reply.statusCode, reply.body);
  }

  // Socket frames: on a link logged in to the kept order, and LOGINs of fresh links.
  longest = 1000;
  const link = await trackingSocket(hostPort);
  assertOk(await trackLogin(link, kept.track));
  const actions = ['LOGIN', 'PING', 'ORDER_UPDATE', 'TAXI_STATE_UPDATE', 'ORDER_CANCEL', 'NO_SUCH'];
  let expected = 0;
  for (let i = 0; i < SOCKET_FRAMES; i++) {
    const frame = rnd.int(4);
    if (frame === 0) {
      link.ws.send(
        rnd.pick(['', 'null', '[', '[]', '1', '"x"', '{"action_id":', 'x'.repeat(9000)]),
      );
      expected++;
    } else {
      const action = rnd.pick(actions);
      link.send({ ...payload(FIELDS), action_id: rnd.next() < 0.9 ? action : value() });
      if (['LOGIN', 'ORDER_CANCEL', 'NO_SUCH'].includes(action)) expected++;
    }
  }
  const errors = [];
  while (errors.length < expected / 2) errors.push(await link.next((m) => m.status === 'ERR'));
  for (const message of link.received) {
    checked++;
    if (message.status !== 'ERR') continue;
    assert.ok(CATALOGUE.has(message.error_data), JSON.stringify(message));
    assert.notEqual(message.error_data, 'EXCEPTION', JSON.stringify(message));
  }
  for (let i = 0; i < 100; i++) {
    const fresh = await trackingSocket(hostPort);
    fresh.send({ ...payload(FIELDS), action_id: 'LOGIN' });
    const answer = await fresh.next((m) => m.action_id === 'LOGIN');
    checked++;
    assert.ok(
      CATALOGUE.has(answer.error_data) && answer.error_data !== 'EXCEPTION',
      JSON.stringify(answer),
    );
    fresh.close();
  }

  const oversized = await trackingSocket(hostPort);
  oversized.ws.send('x'.repeat(20_000));
  assert.equal((await oversized.waitClosed()).code, 1009, 'a frame over 16 kB closes the link');

  // Still serving, and the order placed before is as it was.
  assert.equal(link.closed, undefined, 'the logged-in link is still open');
  link.close();
  const listed = assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token: owner }));
  assert.deepEqual(
    listed.data_list.map((o: { order_id: number }) => o.order_id),
    [kept.order_id],
  );
  assert.deepEqual(await row(), before);
  assert.ok(checked >= HTTP_CALLS + SOCKET_FRAMES / 4, `${checked} replies checked`);
});
