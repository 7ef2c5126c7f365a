import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import WebSocket from 'ws';
import { addressKey, parseTrustProxy } from '../../src/base/client-address.ts';
import { configFromEnv } from '../../src/base/config.ts';
import { assertErr, assertOk } from '../support/api.ts';
import { startApp } from '../support/helpers.ts';
import { listen } from '../support/live.ts';

describe('TRUST_PROXY', () => {
  test('a hop count or a list of proxies; true is refused, off by default', () => {
    assert.equal(parseTrustProxy(undefined), false);
    assert.equal(parseTrustProxy(''), false);
    assert.equal(parseTrustProxy('2'), 2);
    assert.deepEqual(parseTrustProxy('10.0.0.0/8, 192.168.1.4'), ['10.0.0.0/8', '192.168.1.4']);
    assert.throws(() => configFromEnv({ TRUST_PROXY: 'true' }), /number of proxies/);
    assert.throws(() => parseTrustProxy('not-an-address'), /TRUST_PROXY/);
  });

  test('IPv6 is counted per /64, IPv4-mapped IPv6 as IPv4', () => {
    assert.equal(addressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:db8:1:2:ffff:1:2:3'), '2001:db8:1:2::/64');
    assert.equal(addressKey('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(addressKey('203.0.113.9'), '203.0.113.9');
  });
});

describe('the client address behind one proxy', async () => {
  const { app } = await startApp({ config: { trustProxy: 1, geoPerIpPerMinute: 2 } });
  const search = (forwardedFor: string) =>
    app
      .inject({
        method: 'POST',
        url: '/api/2/',
        headers: { host: 'localhost', 'x-forwarded-for': forwardedFor },
        payload: { action_id: 'POI_QUERY', query: 'Rynek' },
      })
      .then((reply) => reply.json());

  test('a caller cannot reset a per-address limit by writing X-Forwarded-For itself', async () => {
    // The proxy appends the address it saw; what the caller wrote stands to its left.
    assertOk(await search('1.1.1.1, 198.51.100.7'));
    assertOk(await search('2.2.2.2, 198.51.100.7'));
    assertErr(await search('3.3.3.3, 198.51.100.7'), 'ACTION_NOT_ALLOWED');
    assertOk(await search('198.51.100.8'));
  });

  test('two addresses of one IPv6 /64 share a budget', async () => {
    assertOk(await search('2001:db8:5:6::1'));
    assertOk(await search('2001:db8:5:6::2'));
    assertErr(await search('2001:db8:5:6:ffff::9'), 'ACTION_NOT_ALLOWED');
  });

  test('the tracking socket counts by the same address', async () => {
    const other = await startApp({
      config: {
        trustProxy: 1,
        limits: { ...app.services.config.limits, trackSocketsPerIp: 2 },
      },
    });
    const hostPort = await listen(other.app);
    const open = (forwardedFor: string) => {
      const ws = new WebSocket(`ws://${hostPort}/track/api/1/?hostname=localhost`, {
        headers: { 'x-forwarded-for': forwardedFor },
      });
      const first = new Promise<unknown>((done) => ws.once('message', (data) => done(data)));
      const closed = new Promise<number>((done) => ws.once('close', done));
      return new Promise<{ ws: WebSocket; first: Promise<unknown>; closed: Promise<number> }>(
        (resolve, reject) => {
          ws.once('open', () => resolve({ ws, first, closed }));
          ws.once('error', reject);
        },
      );
    };
    const sockets = [await open('9.9.9.1, 198.51.100.20'), await open('9.9.9.2, 198.51.100.20')];
    const third = await open('9.9.9.3, 198.51.100.20');
    assert.equal(JSON.parse(String(await third.first)).error_data, 'ACTION_NOT_ALLOWED');
    assert.equal(await third.closed, 1008);
    for (const { ws } of sockets) ws.close();
  });
});

describe('the release API and the operator page count an IPv6 caller by its /64', async () => {
  const operatorToken = 'Vq3nX0pRk7sLw2YdE9aTf4GhJ6uBc1MzN8oPi5QrS0t';
  const { app } = await startApp({ config: { trustProxy: 1, operatorToken } });
  /** The n-th address of one /64, as the proxy in front saw it. */
  const from = (n: number) => ({ 'x-forwarded-for': `2001:db8:7:8:${n.toString(16)}::1` });

  test('the release API: 60 calls a minute from the whole /64', async () => {
    const answers = [];
    for (let n = 0; n < 61; n++)
      answers.push(
        (await app.inject({ url: '/release/api/list', headers: from(n) })).json().error_data,
      );
    assert.deepEqual(new Set(answers.slice(0, 60)), new Set(['ACCESS_DENIED']));
    assert.equal(answers[60], 'ACTION_NOT_ALLOWED');
    const elsewhere = { 'x-forwarded-for': '2001:db8:7:9::1' };
    const other = await app.inject({ url: '/release/api/list', headers: elsewhere });
    assert.equal(other.json().error_data, 'ACCESS_DENIED');
  });

  test('the operator page: 20 wrong passwords from the whole /64', async () => {
    const basic = (password: string) =>
      `Basic ${Buffer.from(`operator:${password}`).toString('base64')}`;
    for (let n = 0; n < 20; n++) {
      const headers = { ...from(100 + n), authorization: basic(`guess${n}`) };
      assert.equal((await app.inject({ url: '/operator/releases', headers })).statusCode, 401);
    }
    const headers = { ...from(200), authorization: basic(operatorToken) };
    assert.equal((await app.inject({ url: '/operator/releases', headers })).statusCode, 429);
  });
});
