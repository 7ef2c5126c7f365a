import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { SENDS_PER_PHONE } from '../src/accounts/codes.ts';
import { configFromEnv } from '../src/base/config.ts';
import { assertErr, assertOk, call } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';

const TIMEOUT_MS = 400;

/** An SMS gateway on a loopback port that answers 500, never answers, or accepts (202). */
async function faultyGateway() {
  const state = { mode: 'error' as 'error' | 'hang' | 'ok', texts: [] as string[] };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (state.mode === 'hang') return;
      if (state.mode === 'ok') state.texts.push(JSON.parse(body).text);
      response.writeHead(state.mode === 'ok' ? 202 : 500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`, state };
}

async function appWith(url: string) {
  const { app } = await startApp({
    corporations: [taxiCorporation('demo', ['localhost'])],
    config: { sms: { driver: 'http', url, token: '', sender: '', timeoutMs: TIMEOUT_MS } },
  });
  return app;
}

describe('faults: the SMS gateway', () => {
  test('answering 500: FAILED, not counted, and a retry after it recovers gets a code', async () => {
    const gateway = await faultyGateway();
    const app = await appWith(gateway.url);
    const phone = '605 100 001';
    // More failures than the per-number limit allows sends: none of them may count.
    for (let i = 0; i <= SENDS_PER_PHONE; i++) {
      const started = performance.now();
      assertErr(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }), 'FAILED');
      if (i === 0)
        console.log(`SMS gateway 500: FAILED after ${Math.round(performance.now() - started)} ms`);
    }
    gateway.state.mode = 'ok';
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
    const code = /\d{6}/.exec(gateway.state.texts.at(-1) ?? '')?.[0];
    assert.ok(code, 'the recovered gateway got the code');
    assert.ok(assertOk(await call(app, 'GET_AUTH_PHONE', { phone, secret: code })).auth);
  });

  test('never answering: FAILED within the timeout, and other calls answer meanwhile', async () => {
    const gateway = await faultyGateway();
    gateway.state.mode = 'hang';
    const app = await appWith(gateway.url);
    const phone = '605 100 002';
    const started = performance.now();
    const hanging = call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }).then(
      (reply) => ({ reply, ms: performance.now() - started }),
    );
    // The same number's code check takes the same lock as the send: it must not wait for the SMS.
    const checkStarted = performance.now();
    assertErr(await call(app, 'GET_AUTH_PHONE', { phone, secret: '000000' }), 'ACCESS_DENIED');
    const checkMs = performance.now() - checkStarted;
    const { reply, ms } = await hanging;
    console.log(
      `SMS gateway hanging: FAILED after ${Math.round(ms)} ms (SMS_HTTP_TIMEOUT_MS=${TIMEOUT_MS}); ` +
        `a call meanwhile answered in ${Math.round(checkMs)} ms`,
    );
    assertErr(reply, 'FAILED');
    assert.ok(ms >= TIMEOUT_MS && ms < TIMEOUT_MS + 2000, `${ms} ms`);
    assert.ok(checkMs < TIMEOUT_MS, `${checkMs} ms`);
    for (let i = 0; i < SENDS_PER_PHONE; i++) {
      assertErr(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }), 'FAILED');
    }
    gateway.state.mode = 'ok';
    assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }));
  });

  test('SMS_HTTP_TIMEOUT_MS bounds a send, 5 s unless set', () => {
    const timeout = (value?: string) => {
      const { sms } = configFromEnv({
        SMS_DRIVER: 'http',
        SMS_HTTP_URL: 'https://sms.example/send',
        ...(value ? { SMS_HTTP_TIMEOUT_MS: value } : {}),
      });
      return sms.driver === 'http' ? sms.timeoutMs : undefined;
    };
    assert.equal(timeout(), 5000);
    assert.equal(timeout('1500'), 1500);
    assert.throws(() => timeout('soon'), /SMS_HTTP_TIMEOUT_MS/);
  });
});
