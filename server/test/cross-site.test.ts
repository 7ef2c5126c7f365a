import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import WebSocket from 'ws';
import { assertErr, assertOk, type Reply } from './support/api.ts';
import { corporationFile, startApp } from './support/helpers.ts';
import { listen } from './support/live.ts';

const { app } = await startApp({
  corporations: [corporationFile('demo', ['localhost', 'taxi.example'])],
});

/** GET_AUTH_PHONE_SEND_SECRET as a foreign page's <img> or fetch would make it. */
async function sendCode(phone: string, headers: Record<string, string>): Promise<Reply> {
  const query = new URLSearchParams({
    action: 'GET_AUTH_PHONE_SEND_SECRET',
    phone,
    gdpr: 'true',
    lang: 'en',
  });
  const reply = await app.inject({
    url: `/api/2/?${query}`,
    headers: { host: 'localhost', ...headers },
  });
  assert.equal(reply.statusCode, 200);
  return reply.json();
}

async function sent(phone: string): Promise<number> {
  const reply = await app.inject({ url: `/dev/sms-outbox?phone=${encodeURIComponent(phone)}` });
  return (reply.json() as unknown[]).length;
}

describe('a state-changing call triggered from another site', () => {
  test('is refused with ACCESS_DENIED and sends no SMS', async () => {
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of foreign) {
      const phone = '+48601200300';
      assertErr(await sendCode(phone, headers), 'ACCESS_DENIED');
      assert.equal(await sent(phone), 0, JSON.stringify(headers));
    }
  });

  test('from the app itself, another host name of the corporation, or a server: served', async () => {
    assertOk(await sendCode('+48601200301', { 'sec-fetch-site': 'same-origin' }));
    assertOk(await sendCode('+48601200302', { origin: 'http://localhost' }));
    assertOk(await sendCode('+48601200303', { origin: 'https://taxi.example' }));
    assertOk(await sendCode('+48601200304', {}));
    assert.equal(await sent('+48601200304'), 1);
  });

  test('the rating API and form posts are guarded alike; read-only actions stay open', async () => {
    const rate = await app.inject({
      method: 'POST',
      url: '/rate/api/1/',
      headers: { host: 'localhost', origin: 'https://evil.example' },
      payload: { action_id: 'SET_RATE', order_short_id: 'ABCDEFGH', secret: 'x', data: {} },
    });
    assertErr(rate.json(), 'ACCESS_DENIED');
    const save = await app.inject({
      method: 'POST',
      url: '/api/2/',
      headers: { host: 'localhost', 'sec-fetch-site': 'cross-site' },
      payload: { cmd: JSON.stringify({ action_id: 'ORDER_SAVE', auth: 'x', order: {} }) },
    });
    assertErr(save.json(), 'ACCESS_DENIED');
    const lookup = await app.inject({
      method: 'POST',
      url: '/rate/api/1/',
      headers: { host: 'localhost', origin: 'https://evil.example' },
      payload: { action_id: 'GET_RATE', order_short_id: 'ABCDEFGH', secret: 'x' },
    });
    assert.notEqual(lookup.json().error_data, 'ACCESS_DENIED');
  });

  test("the browser's reports (error, account deletion) are refused from a foreign page", async () => {
    const post = (url: string, headers: Record<string, string>, payload: Record<string, string>) =>
      app.inject({ method: 'POST', url, headers: { host: 'localhost', ...headers }, payload });
    const deletion = { phone: '+48601200305', subject: 'delete', info: '', source: 'web' };
    const error = { message: 'boom', url: 'http://localhost/', page_url: 'http://localhost/' };
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const refused = await post('/report/account-deletion/', headers, deletion);
      assert.equal(refused.statusCode, 200);
      assertErr(refused.json(), 'ACCESS_DENIED');
      assertErr((await post('/report/error/', headers, error)).json(), 'ACCESS_DENIED');
    }
    const own = { origin: 'http://localhost' };
    assertOk((await post('/report/account-deletion/', own, deletion)).json());
    assert.equal((await post('/report/error/', own, error)).json().status, 'OK');
    const stored = await app.services.storage.db
      .selectFrom('deletion_requests')
      .select('phone')
      .execute();
    assert.equal(stored.length, 1, 'only the same-site deletion notice is kept');
  });

  test('the tracking socket refuses an upgrade from a foreign origin', async () => {
    const hostPort = await listen(app);
    const status = (origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://${hostPort}/track/api/1/?hostname=localhost`, { origin });
        ws.once('open', () => {
          ws.close();
          resolve(101);
        });
        ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.once('error', () => undefined);
      });
    assert.equal(await status('https://evil.example'), 403);
    assert.equal(await status(`http://${hostPort}`), 101);
  });
});
