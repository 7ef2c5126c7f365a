import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

// Replies are read field by field in the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Reply = Record<string, any>;

export interface CallOptions {
  token?: string | undefined;
  via?: 'get' | 'post';
  host?: string;
  lang?: string;
}

/** A client API call as shared/src/api/client.ts makes it; asserts HTTP 200 and a status. */
export async function call(
  app: FastifyInstance,
  action: string,
  payload: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Reply> {
  const { token, via = 'post', host = 'localhost', lang = 'pl' } = options;
  const fields = { ...(token ? { auth: token } : {}), lang, ...payload };
  let reply;
  if (via === 'get') {
    const query = new URLSearchParams({ action });
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined)
        query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    reply = await app.inject({ method: 'GET', url: `/api/2/?${query}`, headers: { host } });
  } else {
    reply = await app.inject({
      method: 'POST',
      url: '/api/2/',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      payload: new URLSearchParams({
        cmd: JSON.stringify({ action_id: action, ...fields }),
      }).toString(),
    });
  }
  assert.equal(reply.statusCode, 200, reply.body);
  const body = reply.json();
  assert.ok(body.status === 'OK' || body.status === 'ERR', reply.body);
  return body;
}

/** The rating API, as the client posts it. */
export async function rateCall(
  app: FastifyInstance,
  action: string,
  payload: Record<string, unknown>,
  host = 'localhost',
): Promise<Reply> {
  const reply = await app.inject({
    method: 'POST',
    url: '/rate/api/1/',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      cmd: JSON.stringify({ action_id: action, lang: 'pl', ...payload }),
    }).toString(),
  });
  assert.equal(reply.statusCode, 200, reply.body);
  return reply.json();
}

export function assertOk(reply: Reply): Reply {
  assert.equal(reply.status, 'OK', JSON.stringify(reply));
  assert.equal(reply.status_mesg, 'OK');
  return reply;
}

/** A ride link's secret with its last character changed: always another, wrong secret. */
export function wrongSecret(secret: string): string {
  return `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
}

export function assertErr(reply: Reply, code: string): void {
  assert.equal(reply.status, 'ERR', JSON.stringify(reply));
  assert.equal(reply.error_data, code, JSON.stringify(reply));
  assert.equal(typeof reply.status_mesg, 'string');
}

/** The messages the corporation of `host` sent to `phone`, as the outbox lists them. */
export async function outbox(
  app: FastifyInstance,
  phone: string,
  host = 'localhost',
): Promise<{ phone: string; text: string; code: string; at: string }[]> {
  const reply = await app.inject({
    url: `/dev/sms-outbox?phone=${encodeURIComponent(phone)}`,
    headers: { host },
  });
  assert.equal(reply.statusCode, 200);
  return reply.json();
}

export async function lastCode(
  app: FastifyInstance,
  phone: string,
  host = 'localhost',
): Promise<string> {
  const [latest] = await outbox(app, phone, host);
  assert.ok(latest, `no SMS to ${phone}`);
  return latest.code;
}

/** Signs in through the SMS flow; returns the token. */
export async function signIn(
  app: FastifyInstance,
  phone: string,
  host = 'localhost',
): Promise<string> {
  assertOk(await call(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }, { host }));
  const reply = assertOk(
    await call(
      app,
      'GET_AUTH_PHONE',
      { phone, secret: await lastCode(app, phone, host) },
      { host },
    ),
  );
  return reply.auth;
}

/** A clock the test moves by hand. */
export function fakeClock(start: string | number) {
  let at = typeof start === 'number' ? start : Date.parse(start);
  return {
    now: () => at,
    advance(ms: number) {
      at += ms;
    },
  };
}
