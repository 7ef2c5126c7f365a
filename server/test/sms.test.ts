import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { configFromEnv } from '../src/base/config.ts';
import { assertErr, assertOk, call, fakeClock, lastCode, outbox } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { capturedLog, startApp } from './support/helpers.ts';

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
        sms: {
          driver: 'http',
          url: sms.url,
          token: 'gateway-token',
          sender: 'WislaTaxi',
          timeoutMs: 5000,
        },
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
    // The last line binds the code to the corporation's origin for the Web OTP API.
    const code = /your code is (\d{6})/.exec(message?.body.text ?? '')?.[1];
    assert.equal(message?.body.text.split('\n').at(-1), `@localhost #${code}`);
    // Production never exposes the outbox.
    assert.equal((await app.inject({ url: '/dev/sms-outbox?phone=605000001' })).statusCode, 404);
  });

  test("the Web OTP line names the host the passenger signs in on, if it is the corporation's", async () => {
    const { app } = await startApp({
      corporations: [
        taxiCorporation('demo', ['taxi.example', 'm.taxi.example']),
        taxiCorporation('other', ['other.example']),
      ],
    });
    const lastLine = async (phone: string, host: string) => {
      const [message] = await outbox(app, phone, 'taxi.example');
      assert.ok(message, `no SMS to ${phone} via ${host}`);
      assert.equal(message.text.split('\n').at(-2), '', 'a blank line before it');
      return message.text.split('\n').at(-1);
    };
    const code = (phone: string) => lastCode(app, phone, 'taxi.example');
    // The second host, as the browser sends it (any case, with a port): the page's own host.
    assertOk(
      await call(
        app,
        'GET_AUTH_PHONE_SEND_SECRET',
        { phone: '605 000 011', gdpr: true },
        { host: 'M.Taxi.Example:8443' },
      ),
    );
    assert.equal(
      await lastLine('605000011', 'm.taxi.example'),
      `@m.taxi.example #${await code('605000011')}`,
    );
    assertOk(
      await call(
        app,
        'GET_AUTH_PHONE_SEND_SECRET',
        { phone: '605 000 012', gdpr: true },
        { host: 'taxi.example' },
      ),
    );
    assert.equal(
      await lastLine('605000012', 'taxi.example'),
      `@taxi.example #${await code('605000012')}`,
    );
    // Asked on another corporation's host for this one (the hostname parameter): that host is
    // not this corporation's, so the text names the corporation's first host instead.
    const reply = await app.inject({
      method: 'POST',
      url: '/api/2/?hostname=m.taxi.example',
      headers: {
        host: 'other.example',
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      },
      payload: new URLSearchParams({
        cmd: JSON.stringify({
          action_id: 'GET_AUTH_PHONE_SEND_SECRET',
          lang: 'en',
          phone: '605 000 013',
          gdpr: true,
        }),
      }).toString(),
    });
    assert.equal(reply.json().status, 'OK', reply.body);
    assert.equal(
      await lastLine('605000013', 'other.example'),
      `@taxi.example #${await code('605000013')}`,
    );
  });

  test('a failing gateway is a FAILED reply', async () => {
    const sms = await gateway(500);
    const { app } = await startApp({
      corporations: [taxiCorporation('demo', ['localhost'])],
      config: { sms: { driver: 'http', url: sms.url, token: '', sender: '', timeoutMs: 5000 } },
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
      configFromEnv({
        NODE_ENV: 'production',
        SMS_HTTP_URL: 'https://sms.example/send',
        ORDER_SECRET_KEY: 'k'.repeat(43),
      }).sms,
      {
        driver: 'http',
        url: 'https://sms.example/send',
        token: '',
        sender: '',
        timeoutMs: 5000,
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

describe('the demo SMS outbox', () => {
  const outboxFrom = (app: FastifyInstance, remoteAddress: string, host = 'localhost') =>
    app.inject({ url: '/dev/sms-outbox', remoteAddress, headers: { host } });

  test('answers only this machine (by the socket, not a forwarded header), and says so at start', async () => {
    const log = capturedLog();
    const { app } = await startApp({
      corporations: [taxiCorporation('demo', ['localhost'])],
      config: { logLevel: 'info', trustProxy: 1 },
      overrides: { logStream: log.stream },
    });
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: '605000020', gdpr: true }));
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      assert.equal((await outboxFrom(app, address)).json().length, 1, address);
    for (const address of ['203.0.113.7', '10.0.0.1', '::ffff:10.0.0.1', 'fe80::1']) {
      const refused = await outboxFrom(app, address);
      assert.equal(refused.statusCode, 403, address);
      assert.equal(refused.json().error_data, 'ACCESS_DENIED');
      assert.doesNotMatch(refused.body, /\d{6}/);
    }
    const forged = await app.inject({
      url: '/dev/sms-outbox',
      remoteAddress: '203.0.113.7',
      headers: { host: 'localhost', 'x-forwarded-for': '127.0.0.1' },
    });
    assert.equal(forged.statusCode, 403);
    const warning = log
      .entries()
      .find((entry) => entry.level === 40 && /outbox is on/.test(String(entry.msg)));
    assert.ok(warning, 'a WARN line says the outbox is on');
  });

  test('SMS_OUTBOX_PUBLIC=true opens it, and only the messages of the asking corporation are listed', async () => {
    assert.equal(configFromEnv({ SMS_OUTBOX_PUBLIC: 'true' }).sms.driver, 'outbox');
    assert.deepEqual(configFromEnv({ SMS_OUTBOX_PUBLIC: 'true' }).sms, {
      driver: 'outbox',
      public: true,
    });
    const { app } = await startApp({
      corporations: [
        taxiCorporation('demo', ['localhost']),
        taxiCorporation('other', ['other.example']),
      ],
      config: { sms: { driver: 'outbox', public: true } },
    });
    const phone = '+48605000021';
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    assertOk(
      await call(
        app,
        'GET_AUTH_PHONE_SEND_SECRET',
        { phone, gdpr: true },
        { host: 'other.example' },
      ),
    );
    const mine = (await outboxFrom(app, '203.0.113.7')).json();
    assert.equal(mine.length, 1);
    assert.match(mine[0].text, /^Taxi demo:/);
    const theirs = (await outboxFrom(app, '203.0.113.7', 'other.example')).json();
    assert.equal(theirs.length, 1);
    assert.match(theirs[0].text, /^Taxi other:/);
    assert.equal((await outboxFrom(app, '127.0.0.1', 'nobody.example')).statusCode, 404);
  });
});

describe('SMS limits: guesses, sends per number, the budget of a corporation', () => {
  const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

  test('10 wrong codes in 24 hours across codes block the number, with no new SMS', async () => {
    const clock = fakeClock('2026-11-20T08:00:00Z');
    const { app } = await startApp({
      corporations: [taxiCorporation('demo', ['localhost'])],
      overrides: { clock },
    });
    const phone = '+48605000030';
    // Two codes, five wrong guesses each: on today's code a new code gave five more tries.
    for (let round = 0; round < 2; round++) {
      assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
      const code = await lastCode(app, phone);
      for (let i = 0; i < 5; i++)
        assertErr(
          await call(app, 'GET_AUTH_PHONE', { phone, secret: wrongFor(code) }),
          'ACCESS_DENIED',
        );
      clock.advance(11 * 60_000);
    }
    const sent = (await outbox(app, phone)).length;
    const refused = await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true });
    assert.deepEqual(refused, {
      status: 'ERR',
      status_mesg: 'Client blocked',
      error_data: 'BLOCKED',
    });
    assert.equal((await outbox(app, phone)).length, sent, 'no SMS while blocked');
    assertErr(await call(app, 'GET_AUTH_PHONE', { phone, secret: '123456' }), 'BLOCKED');
    // Once the first wrong guesses are a day old, the number may sign in again.
    clock.advance(24 * 60 * 60_000);
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    assertOk(await call(app, 'GET_AUTH_PHONE', { phone, secret: await lastCode(app, phone) }));
  });

  test('a number gets at most SMS_PER_PHONE_PER_DAY codes a day', async () => {
    const clock = fakeClock('2026-11-20T08:00:00Z');
    const { app } = await startApp({
      corporations: [taxiCorporation('demo', ['localhost'])],
      config: { smsLimits: { wrongCodesPerDay: 10, perPhonePerDay: 4, perCorporationPerDay: 100 } },
      overrides: { clock },
    });
    const phone = '+48605000031';
    for (let i = 0; i < 4; i++) {
      assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
      clock.advance(11 * 60_000);
    }
    assertErr(
      await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }),
      'ACTION_NOT_ALLOWED',
    );
    assert.equal((await outbox(app, phone)).length, 4);
    clock.advance(24 * 60 * 60_000);
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    assert.equal(configFromEnv({ SMS_PER_PHONE_PER_DAY: '7' }).smsLimits.perPhonePerDay, 7);
    assert.equal(configFromEnv({}).smsLimits.wrongCodesPerDay, 10);
  });

  test('the daily budget of a corporation refuses further codes and logs an alert without the number', async () => {
    const log = capturedLog();
    const { app } = await startApp({
      corporations: [
        taxiCorporation('demo', ['localhost']),
        taxiCorporation('other', ['other.example']),
      ],
      config: {
        logLevel: 'info',
        smsLimits: { wrongCodesPerDay: 10, perPhonePerDay: 10, perCorporationPerDay: 3 },
      },
      overrides: { logStream: log.stream },
    });
    for (const phone of ['605000040', '605000041', '605000042'])
      assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    assertErr(
      await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone: '605000043', gdpr: true }),
      'ACTION_NOT_ALLOWED',
    );
    assert.deepEqual(await outbox(app, '+48605000043'), []);
    // Another corporation has its own budget.
    assertOk(
      await call(
        app,
        'GET_AUTH_PHONE_SEND_SECRET',
        { phone: '605000043', gdpr: true },
        { host: 'other.example' },
      ),
    );
    const alert = log.entries().find((entry) => /daily SMS budget/.test(String(entry.msg)));
    assert.ok(alert && Number(alert.level) >= 40, 'an alert is logged');
    assert.equal(alert.corporation, 'demo');
    assert.doesNotMatch(log.text(), /605\s?000\s?04\d/);
  });
});
