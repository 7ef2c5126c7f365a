/** The passenger's tracking socket as a test or benchmark drives it (no Fastify types). */
import assert from 'node:assert/strict';
import type { Reply } from './api.ts';

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
