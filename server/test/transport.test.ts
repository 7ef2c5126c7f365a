import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { assertErr, assertOk, call, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';

const { app } = await startApp({ corporations: [taxiCorporation('demo', ['localhost'])] });

const post = (
  url: string,
  payload: string,
  contentType = 'application/x-www-form-urlencoded',
  host = 'localhost',
) => app.inject({ method: 'POST', url, headers: { host, 'content-type': contentType }, payload });

describe('transports of the client API', () => {
  test('unknown actions, unknown hosts and broken envelopes are ERR with HTTP 200', async () => {
    assertErr(await call(app, 'NO_SUCH_ACTION'), 'ACTION_NOT_ALLOWED');
    assertErr(await call(app, 'NO_SUCH_ACTION', {}, { via: 'get' }), 'ACTION_NOT_ALLOWED');
    assertErr(await call(app, 'GET_CLIENT', {}, { host: 'nobody.example' }), 'NOT_FOUND');
    for (const [payload, type] of [
      ['cmd=%7Bbroken', undefined],
      ['nothing=here', undefined],
      ['cmd=%5B1%2C2%5D', undefined],
      ['{"action_id": ', 'application/json'],
      ['plain text', 'text/plain'],
      [randomBytes(64).toString('binary'), 'application/octet-stream'],
      [`cmd=${'x'.repeat(300_000)}`, undefined],
    ] as const) {
      const reply = await post('/api/2/', payload, type);
      assert.equal(reply.statusCode, 200, payload.slice(0, 30));
      assertErr(reply.json(), 'ARG_ERROR');
    }
    const bare = await app.inject({ url: '/api/2/', headers: { host: 'localhost' } });
    assertErr(bare.json(), 'ACTION_NOT_ALLOWED');
  });

  test('a dispatcher-style JSON body works like the form', async () => {
    const reply = await post(
      '/api/2/',
      JSON.stringify({ action_id: 'GET_AUTH_PHONE_SEND_SECRET', phone: '604 000 001', gdpr: true }),
      'application/json',
    );
    assertOk(reply.json());
  });

  test('the rating API only knows its own actions', async () => {
    const token = await signIn(app, '+48604000002');
    const reply = await post(
      '/rate/api/1/',
      new URLSearchParams({
        cmd: JSON.stringify({ action_id: 'GET_CLIENT', auth: token }),
      }).toString(),
    );
    assertErr(reply.json(), 'ACTION_NOT_ALLOWED');
    assert.equal(
      (await app.inject({ url: '/rate/api/1/?action=GET_RATE', headers: { host: 'localhost' } }))
        .statusCode,
      404,
    );
  });
});

/** Values that are wrong in type, size or shape, for every field the API reads. */
const NASTY: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  '',
  ' ',
  'null',
  'undefined',
  '{',
  '[',
  '{"a":',
  '0'.repeat(100_000),
  'ø'.repeat(5000),
  '\u0000',
  '<script>alert(1)</script>',
  "'; drop table orders; --",
  [],
  [1, 2],
  [[[]]],
  {},
  { lat: 'x' },
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  '9'.repeat(400),
  '2026-13-45 99:99',
  { lat: 1e9, lng: -1e9 },
  { street: 'x'.repeat(5000) },
];
const FIELDS = [
  'phone',
  'secret',
  'gdpr',
  'order',
  'order_id',
  'taxi_group_id',
  'auth',
  'lang',
  'order_short_id',
  'data',
  'info',
];
const ACTIONS = [
  'GET_AUTH',
  'GET_AUTH_PHONE_SEND_SECRET',
  'GET_AUTH_PHONE',
  'GET_CLIENT',
  'GET_PHONE',
  'GET_PHONE_SEND_SECRET',
  'SET_PHONE_SECRET',
  'CHANGE_PHONE_SEND_SECRET',
  'CHANGE_PHONE',
  'DELETE_REQUEST',
  'GET_CLIENT_ORDER_HISTORY',
  'IGNORE_CLIENT_ORDER_HISTORY',
  'ORDER_SAVE',
  'ORDER_SIM',
  'GET_CURRENT_ORDERS',
  'GET_RATE',
  'SET_RATE',
  42,
  null,
  { action: 1 },
];

function pick<T>(list: readonly T[], i: number, salt: number): T {
  return list[(i * 7919 + salt * 104729) % list.length] as T;
}

describe('abuse', () => {
  test('1,000 malformed requests get ERR replies and no crash', async () => {
    const token = await signIn(app, '+48604000003');
    const statuses = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const payload: Record<string, unknown> = {};
      for (let f = 0; f < 1 + (i % 4); f++) payload[pick(FIELDS, i + f, f)] = pick(NASTY, i, f + 1);
      const order = pick(NASTY, i, 9);
      if (i % 3 === 0)
        payload.order = {
          order_type: pick(['Z', 'T', 'R', 'W', 'Q', 1], i, 2),
          poi: order,
          dst: pick(NASTY, i, 3),
          taxi_count: pick(NASTY, i, 4),
          taxi_features_list: pick(NASTY, i, 5),
          date_time: pick(NASTY, i, 6),
          repeated_start: pick(NASTY, i, 7),
        };
      if (i % 2 === 0) payload.auth = token;
      const action = pick(ACTIONS, i, 0);
      const cmd = JSON.stringify({ action_id: action, ...payload });
      const target = i % 5;
      let reply;
      if (target === 0) {
        const query = new URLSearchParams();
        query.set('action', String(action));
        for (const [k, v] of Object.entries(payload))
          query.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
        reply = await app.inject({
          url: `/api/2/?${query}&${query}`,
          headers: { host: 'localhost' },
        });
      } else if (target === 1) {
        reply = await post('/rate/api/1/', new URLSearchParams({ cmd }).toString());
      } else if (target === 2) {
        reply = await post(
          '/api/2/',
          new URLSearchParams({ cmd: cmd.slice(0, Math.max(1, cmd.length - (i % 7))) }).toString(),
        );
      } else {
        reply = await post('/api/2/', new URLSearchParams({ cmd }).toString());
      }
      assert.equal(reply.statusCode, 200, `request ${i}: ${reply.body.slice(0, 200)}`);
      const body = reply.json();
      assert.ok(body.status === 'ERR' || body.status === 'OK', `request ${i}`);
      if (body.status === 'ERR') {
        assert.notEqual(
          body.error_data,
          'EXCEPTION',
          `request ${i}: ${cmd.slice(0, 300)} -> ${body.status_mesg}`,
        );
        statuses.set(body.error_data, (statuses.get(body.error_data) ?? 0) + 1);
      }
    }
    assert.ok(statuses.size > 3);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    // Still serving.
    assertOk(await call(app, 'GET_CLIENT', {}, { token }));
  });
});
