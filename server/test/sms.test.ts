import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { configFromEnv } from '../src/config.ts';
import { assertErr, assertOk, call } from './api.ts';
import { taxiCorporation } from './fixtures.ts';
import { startApp } from './helpers.ts';

/** A stand-in SMS gateway on a loopback port. */
async function gateway(status: number) {
  const received: {
    authorization: string | undefined;
    body: { to: string; from: string; text: string };
  }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, received };
}

describe('SMS delivery', () => {
  test('the HTTP gateway gets {to, from, text} with the bearer token', async () => {
    const sms = await gateway(202);
    const { app } = await startApp({
      corporations: [taxiCorporation('demo', ['localhost'])],
      config: {
        production: true,
        sms: { driver: 'http', url: sms.url, token: 'gateway-token', sender: 'WislaTaxi' },
      },
    });
    assertOk(
      await call(
        app,
        'GET_AUTH_PHONE_SEND_SECRET',
        { phone: '605 000 001', gdpr: true },
        { lang: 'en' },
      ),
    );
    assert.equal(sms.received.length, 1);
    const [message] = sms.received;
    assert.equal(message?.authorization, 'Bearer gateway-token');
    assert.equal(message?.body.to, '+48605000001');
    assert.equal(message?.body.from, 'WislaTaxi');
    assert.match(message?.body.text ?? '', /^Taxi demo: your code is \d{6}\./);
    // Production never exposes the outbox.
    assert.equal((await app.inject({ url: '/dev/sms-outbox?phone=605000001' })).statusCode, 404);
  });

  test('a failing gateway is a FAILED reply', async () => {
    const sms = await gateway(500);
    const { app } = await startApp({
      corporations: [taxiCorporation('demo', ['localhost'])],
      config: { sms: { driver: 'http', url: sms.url, token: '', sender: '' } },
    });
    assertErr(
      await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: '605 000 002', gdpr: true }),
      'FAILED',
    );
  });

  test('the outbox lists messages newest first, by phone in any form', async () => {
    const { app } = await startApp({ corporations: [taxiCorporation('demo', ['localhost'])] });
    for (const phone of ['605000003', '605000004', '605000003']) {
      assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    }
    const mine = (await app.inject({ url: '/dev/sms-outbox?phone=0048605000003' })).json();
    assert.equal(mine.length, 2);
    assert.deepEqual(Object.keys(mine[0]).sort(), ['at', 'code', 'phone', 'text']);
    assert.ok(mine[0].at >= mine[1].at);
    assert.equal((await app.inject({ url: '/dev/sms-outbox' })).json().length, 3);
  });

  test('the outbox is refused in production, and the gateway needs its URL', () => {
    assert.throws(
      () => configFromEnv({ NODE_ENV: 'production', SMS_DRIVER: 'outbox' }),
      /not allowed/,
    );
    assert.throws(() => configFromEnv({ NODE_ENV: 'production' }), /SMS_HTTP_URL/);
    assert.equal(configFromEnv({}).sms.driver, 'outbox');
    assert.deepEqual(
      configFromEnv({ NODE_ENV: 'production', SMS_HTTP_URL: 'https://sms.example/send' }).sms,
      {
        driver: 'http',
        url: 'https://sms.example/send',
        token: '',
        sender: '',
      },
    );
  });

  test('limits codes per client address', async () => {
    const { app } = await startApp({
      corporations: [taxiCorporation('demo', ['localhost'])],
      config: { smsPerIpPerHour: 2 },
    });
    const send = (phone: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/2/',
        remoteAddress,
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          cmd: JSON.stringify({ action_id: 'GET_AUTH_PHONE_SEND_SECRET', phone, gdpr: true }),
        }).toString(),
      });
    assertOk((await send('605000010', '198.51.100.1')).json());
    assertOk((await send('605000011', '198.51.100.1')).json());
    assertErr((await send('605000012', '198.51.100.1')).json(), 'ACTION_NOT_ALLOWED');
    assertOk((await send('605000012', '198.51.100.2')).json());
  });
});
