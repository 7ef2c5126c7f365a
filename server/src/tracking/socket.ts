import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { type ErrorCode, ApiFailure, ERROR_MESSAGES } from '../errors.ts';
import type { Services } from '../services.ts';
import type { TrackingHub, Viewer } from './hub.ts';

export const TRACK_PATH = '/track/api/1/';
/** The server's PING, and how long a silent client is kept: three missed replies. */
export const PING_INTERVAL_MS = 25_000;
const LOGIN_WITHIN_MS = 30_000;
/** Refused logins (wrong secret or order) per client address per minute, before all are refused. */
const FAILED_LOGINS_PER_IP_PER_MINUTE = 30;
/** A client this far behind in reading is dropped (it reconnects and gets the current state). */
const MAX_BUFFERED_BYTES = 1 << 20;
const MAX_MESSAGE_BYTES = 16 * 1024;
/** Connections pinged before the event loop gets a turn. */
const PING_SLICE = 500;
/** Never sent as a secret; compared when the short id is unknown, so that timing tells nothing. */
const DUMMY_SECRET = 'x'.repeat(32);

interface Connection extends Viewer {
  ws: WebSocket;
  ip: string;
  orderId: number | undefined;
  lastHeard: number;
  openedAt: number;
  loggingIn: boolean;
  /** While the connection's own ORDER_CANCEL runs, the final close waits for its reply. */
  cancelling: boolean;
  closeAfterReply: { code: number; reason: string } | undefined;
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function reply(action: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ action_id: action, ...fields });
}

function failure(
  action: string,
  code: ErrorCode,
  message: string = ERROR_MESSAGES[code],
  extra: Record<string, unknown> = {},
): string {
  return reply(action, {
    status: 'ERR',
    status_mesg: message,
    error: code,
    error_data: code,
    ...extra,
  });
}

/**
 * The tracking socket (spec section 7): WebSocket at /track/api/1/, JSON messages with
 * action_id. The client logs in with an order's short id and secret and then gets ORDER_UPDATE,
 * TAXI_STATE_UPDATE and PING; it may send ORDER_CANCEL. Message shapes: server/README.md.
 */
export async function trackingSocket(
  app: FastifyInstance,
  { services, hub }: { services: Services; hub: TrackingHub },
) {
  const { storage, corporations, dispatch, limits, clock } = services;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const connections = new Set<Connection>();

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== TRACK_PATH && url.pathname !== TRACK_PATH.slice(0, -1)) {
      socket.destroy();
      return;
    }
    const hostname = url.searchParams.get('hostname') || request.headers.host || '';
    const corporation = corporations.byHostname(hostname);
    if (!corporation) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const forwarded = services.config.trustProxy
      ? String(request.headers['x-forwarded-for'] ?? '')
          .split(',')[0]
          ?.trim()
      : '';
    const ip = forwarded || request.socket.remoteAddress || '';
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, corporation.id, ip));
  }
  app.server.on('upgrade', onUpgrade);

  function accept(ws: WebSocket, corporationId: string, ip: string) {
    const now = Date.now();
    const connection: Connection = {
      ws,
      ip,
      orderId: undefined,
      lastHeard: now,
      openedAt: now,
      loggingIn: false,
      cancelling: false,
      closeAfterReply: undefined,
      send(text) {
        if (ws.readyState !== ws.OPEN) return;
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          ws.terminate();
          return;
        }
        ws.send(text);
      },
      close(code, reason) {
        if (connection.cancelling) connection.closeAfterReply = { code, reason };
        else if (ws.readyState === ws.OPEN) ws.close(code, reason);
      },
    };
    connections.add(connection);
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      connections.delete(connection);
      hub.remove(connection);
    });
    ws.on('message', (data, isBinary) => {
      connection.lastHeard = Date.now();
      if (isBinary) return connection.send(failure('', 'ARG_ERROR', 'Messages are JSON text'));
      void handle(connection, corporationId, data.toString()).catch((error: unknown) => {
        app.log.error({ err: error }, 'tracking socket: message failed');
        connection.send(failure('', 'EXCEPTION'));
      });
    });
  }

  async function handle(connection: Connection, corporationId: string, text: string) {
    let message: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      message = parsed as Record<string, unknown>;
    } catch {
      connection.send(failure('', 'ARG_ERROR', 'Expected a JSON object with action_id'));
      return;
    }
    const action = typeof message.action_id === 'string' ? message.action_id : '';
    switch (action) {
      case 'LOGIN':
        return login(connection, corporationId, message);
      // The client's replies to what the server sent: they only show that it is alive.
      case 'PING':
      case 'ORDER_UPDATE':
      case 'TAXI_STATE_UPDATE':
        return;
      case 'ORDER_CANCEL': {
        if (connection.orderId === undefined)
          return connection.send(failure(action, 'ACCESS_DENIED', 'Log in first'));
        connection.cancelling = true;
        try {
          await dispatch.cancel(connection.orderId);
          connection.send(reply(action, { status: 'OK', status_mesg: 'OK' }));
        } catch (error) {
          if (!(error instanceof ApiFailure)) throw error;
          connection.send(failure(action, error.code, error.message));
        } finally {
          connection.cancelling = false;
          const close = connection.closeAfterReply;
          if (close) connection.close(close.code, close.reason);
        }
        return;
      }
      default:
        connection.send(
          failure(action, 'ACTION_NOT_ALLOWED', `Unknown action: ${action.slice(0, 40)}`),
        );
    }
  }

  async function login(
    connection: Connection,
    corporationId: string,
    message: Record<string, unknown>,
  ) {
    if (connection.orderId !== undefined || connection.loggingIn)
      return connection.send(
        failure('LOGIN', 'ACTION_NOT_ALLOWED', 'Already logged in', { vars: null }),
      );
    const shortId =
      typeof message.order_short_id === 'string'
        ? message.order_short_id.trim().toUpperCase().slice(0, 20)
        : '';
    const secret = typeof message.secret === 'string' ? message.secret.slice(0, 100) : '';
    if (!shortId || !secret)
      return connection.send(
        failure('LOGIN', 'ARG_ERROR', 'order_short_id and secret are required', { vars: null }),
      );
    connection.loggingIn = true;
    try {
      const failures = `track-login-failed:${connection.ip}`;
      if ((await limits.used(failures)) >= FAILED_LOGINS_PER_IP_PER_MINUTE) {
        connection.send(
          failure('LOGIN', 'ACTION_NOT_ALLOWED', 'Too many refused logins; try again in a minute', {
            vars: null,
          }),
        );
        connection.close(4429, 'too many logins');
        return;
      }
      const order = await storage.db
        .selectFrom('orders')
        .select(['id', 'secret', 'short_id'])
        .where('corporation_id', '=', corporationId)
        .where('short_id', '=', shortId)
        .executeTakeFirst();
      // An unknown order and a wrong secret get the same answer.
      if (!sameSecret(order?.secret ?? DUMMY_SECRET, secret) || !order) {
        await limits.take(failures, FAILED_LOGINS_PER_IP_PER_MINUTE, 60_000);
        connection.send(
          failure('LOGIN', 'ORDER_ACCESS_DENIED', ERROR_MESSAGES.ORDER_ACCESS_DENIED, {
            vars: null,
          }),
        );
        connection.close(4403, 'login refused');
        return;
      }
      const corporation = corporations.byId(corporationId);
      if (!corporation) return connection.close(1011, 'corporation gone');
      connection.orderId = order.id;
      connection.send(
        reply('LOGIN', {
          status: 'OK',
          status_mesg: 'OK',
          error: null,
          error_data: null,
          vars: {
            order_id: order.id,
            order_short_id: order.short_id,
            ping_interval_s: PING_INTERVAL_MS / 1000,
            server_time: clock.now(),
          },
        }),
      );
      await hub.add(corporation, order.id, connection);
    } finally {
      connection.loggingIn = false;
    }
  }

  // One timer for every connection: PING, and goodbye to the silent and to those never logged in.
  // In slices: ten thousand sends at once held the event loop, and every taxi update behind it.
  const ping = JSON.stringify({ action_id: 'PING' });
  const timer = setInterval(async () => {
    const now = Date.now();
    let visited = 0;
    for (const connection of [...connections]) {
      if (++visited % PING_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      if (now - connection.lastHeard > 3 * PING_INTERVAL_MS) connection.ws.terminate();
      else if (connection.orderId === undefined && now - connection.openedAt > LOGIN_WITHIN_MS)
        connection.close(4408, 'no login');
      else connection.send(ping);
    }
  }, PING_INTERVAL_MS);
  timer.unref();

  // Before the HTTP server closes: it would wait for every open socket (upgraded connections count).
  app.addHook('preClose', async () => {
    clearInterval(timer);
    app.server.off('upgrade', onUpgrade);
    for (const connection of connections) connection.ws.terminate();
    wss.close();
  });
}
