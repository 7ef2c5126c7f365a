import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { provisionTaxi } from '../src/driver/accounts.ts';
import type { Reply } from './api.ts';

/** The driver API as a taxi app calls it (JSON body); asserts HTTP 200. */
export async function driverCall(
  app: FastifyInstance,
  action: string,
  fields: Record<string, unknown> = {},
  host = 'localhost',
): Promise<Reply> {
  const reply = await app.inject({
    method: 'POST',
    url: '/driver/api/1/',
    headers: { host, 'content-type': 'application/json' },
    payload: { action_id: action, ...fields },
  });
  assert.equal(reply.statusCode, 200, reply.body);
  return reply.json();
}

/** A taxi of the test corporation, signed in, reporting its first position in state W. */
export async function taxi(
  app: FastifyInstance,
  callNumber: string,
  at: { lat: number; lng: number },
  corporationId = 'demo',
) {
  await provisionTaxi(app.services.storage.db, corporationId, {
    call_number: callNumber,
    color: 'white',
    brand: 'Toyota Prius',
    vehicle_registration: `KR ${callNumber}`,
    password: `secret-${callNumber}`,
  });
  const login = await driverCall(app, 'LOGIN', {
    call_number: callNumber,
    password: `secret-${callNumber}`,
  });
  assert.equal(login.status, 'OK', JSON.stringify(login));
  const token = login.token as string;
  const api = async (action: string, fields: Record<string, unknown> = {}) =>
    driverCall(app, action, { token, ...fields });
  const ok = async (action: string, fields: Record<string, unknown> = {}) => {
    const reply = await api(action, fields);
    assert.equal(reply.status, 'OK', `${callNumber} ${action}: ${JSON.stringify(reply)}`);
    return reply;
  };
  await ok('TAXI_POSITION', { ...at, state: 'W' });
  return {
    callNumber,
    token,
    api,
    ok,
    report: (point: { lat: number; lng: number }) => ok('TAXI_POSITION', point),
    offers: async () =>
      (await ok('GET_OFFERS')).offers as {
        order_id: number;
        expires_in_s: number;
        order: Reply;
      }[],
    /** Waits (long poll) until the dispatch has offered something. */
    nextOffers: async () =>
      (await ok('GET_OFFERS', { wait: 5 })).offers as {
        order_id: number;
        expires_in_s: number;
        order: Reply;
      }[],
  };
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address && typeof address === 'object');
  return `127.0.0.1:${address.port}`;
}

export type Message = Reply;

/** A tracking socket as the passenger's browser opens it, with a queue of what it received. */
export async function trackingSocket(hostPort: string, hostname = 'localhost') {
  const ws = new WebSocket(`ws://${hostPort}/track/api/1/?hostname=${hostname}`);
  const received: Message[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number; reason: string } | undefined;
  const notify = () => waiters.splice(0).forEach((wake) => wake());
  ws.addEventListener('message', (event) => {
    received.push(JSON.parse(String(event.data)));
    notify();
  });
  ws.addEventListener('close', (event) => {
    closed = { code: event.code, reason: event.reason };
    notify();
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('socket error')), { once: true });
  });
  const taken = new Set<number>();
  const socket = {
    ws,
    received,
    send: (message: Message) => ws.send(JSON.stringify(message)),
    get closed() {
      return closed;
    },
    /** The first message not taken yet that matches `match` (others stay for later calls). */
    async next(match: (m: Message) => boolean = () => true, timeoutMs = 5000): Promise<Message> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        for (let i = 0; i < received.length; i++) {
          if (taken.has(i) || !match(received[i]!)) continue;
          taken.add(i);
          return received[i]!;
        }
        if (closed)
          throw new Error(
            `socket closed (${closed.code}) while waiting; got ${JSON.stringify(received.slice(-3))}`,
          );
        const left = until - Date.now();
        if (left <= 0)
          throw new Error(
            `no matching message in ${timeoutMs} ms; last: ${JSON.stringify(received.slice(-3))}`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    /** The next ORDER_UPDATE whose order satisfies `match`. */
    update(match: (order: Message) => boolean, timeoutMs = 5000) {
      return socket.next((m) => m.action_id === 'ORDER_UPDATE' && match(m.order), timeoutMs);
    },
    async waitClosed(timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (!closed && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(closed, 'socket still open');
      return closed;
    },
    close: () => ws.close(),
  };
  return socket;
}

/** Logs a tracking socket in to an order; returns the LOGIN reply. */
export async function trackLogin(
  socket: Awaited<ReturnType<typeof trackingSocket>>,
  track: { order_short_id: string; secret: string },
) {
  socket.send({ action_id: 'LOGIN', user_agent: 'test', ...track });
  return socket.next((m) => m.action_id === 'LOGIN');
}

/** A call over HTTP to a server process: form `cmd` (client style) or a JSON body (driver style). */
export async function post(
  base: string,
  pathname: string,
  body: Record<string, unknown>,
  form = true,
): Promise<Reply> {
  const response = await fetch(`${base}${pathname}`, {
    method: 'POST',
    ...(form
      ? { body: new URLSearchParams({ cmd: JSON.stringify(body) }) }
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    signal: AbortSignal.timeout(10_000),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as Reply;
}
