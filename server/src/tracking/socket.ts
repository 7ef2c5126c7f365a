import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  type ErrorCode,
  ERROR_MESSAGES,
  type TrackFailure,
  type TrackServerMessage,
} from '@taxi/contract';
import { TrackCancelMessageSchema, TrackLoginMessageSchema } from '@taxi/contract/schemas';
import { isCrossSite } from '../api/cross-site.ts';
import { ApiFailure } from '../base/errors.ts';
import { spend } from '../events/limits.ts';
import type { Services } from '../base/services.ts';
import type { TrackingHub, Viewer } from './hub.ts';
import { openRideLink, rideLinkKey } from './link.ts';
import {
  trackingMessageSent,
  trackingSocketClosed,
  trackingSocketOpened,
} from '../metrics/record.ts';

export const TRACK_PATH = '/track/api/1/';
/** The server's PING, and how long a silent client is kept: three missed replies. */
export const PING_INTERVAL_MS = 25_000;
const LOGIN_WITHIN_MS = 30_000;
/** A client this far behind in reading is dropped (it reconnects and gets the current state). */
const MAX_BUFFERED_BYTES = 1 << 20;
const MAX_MESSAGE_BYTES = 16 * 1024;
/** The close code of a connection that broke a limit (RFC 6455: policy violation). */
const POLICY_CLOSE = 1008;
/** Service Restart: the client reconnects (to another process behind the load balancer). */
const RESTART_CLOSE = 1012;
/** How long a closing socket may take to answer the close before it is cut. */
const CLOSE_GRACE_MS = 1000;
/** Connections pinged before the event loop gets a turn. */
const PING_SLICE = 500;

interface Connection extends Viewer {
  ws: WebSocket;
  ip: string;
  orderId: number | undefined;
  /** The client who placed the order: the only one who may cancel it. */
  ownerId: number | null;
  /** Messages received in the current second, and when that second began. */
  messages: number;
  secondStart: number;
  lastHeard: number;
  openedAt: number;
  loggingIn: boolean;
  /** While the connection's own ORDER_CANCEL runs, the final close waits for its reply. */
  cancelling: boolean;
  closeAfterReply: { code: number; reason: string } | undefined;
}

/**
 * The client messages the server reads, by their contract schemas. Of LOGIN only the fields it
 * reads: `user_agent` is the app's own note, and a login without one was never refused.
 */
const isLogin = TypeCompiler.Compile(
  Type.Pick(TrackLoginMessageSchema, ['action_id', 'order_short_id', 'secret']),
);
const isCancel = TypeCompiler.Compile(TrackCancelMessageSchema);

/** A message of the contract (@taxi/contract's TrackServerMessage), as text. */
function reply(message: TrackServerMessage): string {
  return JSON.stringify(message);
}

function failure(
  action: string,
  code: ErrorCode,
  message: string = ERROR_MESSAGES[code],
  extra: Pick<TrackFailure, 'vars'> = {},
): string {
  return reply({
    action_id: action,
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
  const { corporations, dispatch, limits, clock, clientAddress } = services;
  const caps = services.config.limits;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const connections = new Set<Connection>();
  // Per process, like the sockets themselves: open connections per client address and per order.
  const perAddress = new Map<string, number>();
  const perOrder = new Map<number, number>();
  const count = <K>(counts: Map<K, number>, key: K, change: number) => {
    const next = (counts.get(key) ?? 0) + change;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
    return next;
  };

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
    // A foreign page may not open a link in its visitor's browser (docs/security.md, "Cross-site requests").
    if (isCrossSite(request.headers, corporation)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const ip = clientAddress(request);
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, corporation.id, ip));
  }
  app.server.on('upgrade', onUpgrade);

  function accept(ws: WebSocket, corporationId: string, ip: string) {
    const now = Date.now();
    const connection: Connection = {
      ws,
      ip,
      orderId: undefined,
      ownerId: null,
      messages: 0,
      secondStart: now,
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
        trackingMessageSent();
      },
      close(code, reason) {
        if (connection.cancelling) connection.closeAfterReply = { code, reason };
        else if (ws.readyState === ws.OPEN) ws.close(code, reason);
      },
    };
    connections.add(connection);
    trackingSocketOpened();
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      connections.delete(connection);
      trackingSocketClosed();
      count(perAddress, ip, -1);
      if (connection.orderId !== undefined) count(perOrder, connection.orderId, -1);
      hub.remove(connection);
    });
    if (count(perAddress, ip, 1) > caps.trackSocketsPerIp)
      return refuse(connection, '', 'Too many tracking connections from this address');
    ws.on('message', (data, isBinary) => {
      const at = Date.now();
      connection.lastHeard = at;
      if (at - connection.secondStart >= 1000) {
        connection.secondStart = at;
        connection.messages = 0;
      }
      if (++connection.messages > caps.trackMessagesPerSecond) {
        if (connection.messages === caps.trackMessagesPerSecond + 1)
          refuse(connection, '', 'Too many messages; slow down');
        return;
      }
      if (isBinary) return connection.send(failure('', 'ARG_ERROR', 'Messages are JSON text'));
      void handle(connection, corporationId, data.toString()).catch((error: unknown) => {
        // A catalogue failure (e.g. ACTION_NOT_ALLOWED) is the answer; else a bug.
        if (error instanceof ApiFailure)
          return connection.send(failure('', error.code, error.message));
        app.log.error({ err: error }, 'tracking socket: message failed');
        connection.send(failure('', 'EXCEPTION'));
      });
    });
  }

  /** A broken limit: the catalogue's ACTION_NOT_ALLOWED, then a policy close. */
  function refuse(connection: Connection, action: string, message: string) {
    connection.send(failure(action, 'ACTION_NOT_ALLOWED', message, { vars: null }));
    connection.close(POLICY_CLOSE, 'limit');
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
      // The client's replies to what the server sent (TrackAcknowledgement): they only show that
      // it is alive, and get no answer whatever else they hold.
      case 'PING':
      case 'ORDER_UPDATE':
      case 'TAXI_STATE_UPDATE':
        return;
      case 'ORDER_CANCEL': {
        if (connection.orderId === undefined)
          return connection.send(failure(action, 'ACCESS_DENIED', 'Log in first'));
        connection.cancelling = true;
        try {
          await mayCancel(
            connection,
            corporationId,
            isCancel.Check(message) ? message.auth : undefined,
          );
          await dispatch.cancel(connection.orderId);
          connection.send(reply({ action_id: 'ORDER_CANCEL', status: 'OK', status_mesg: 'OK' }));
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

  /**
   * Only the client who placed the order cancels it: the message carries that client's token
   * (`auth`, as in the client API). A shared link's holder has the short id and secret only.
   */
  async function mayCancel(
    connection: Connection,
    corporationId: string,
    token: string | undefined,
  ) {
    const corporation = corporations.byId(corporationId);
    if (!corporation) throw new ApiFailure('ACTION_ACCESS_DENIED');
    const client = await services.actions
      .client(corporation, token?.slice(0, 200))
      .catch((error: unknown) => {
        if (error instanceof ApiFailure && error.code === 'BLOCKED') throw error;
        throw new ApiFailure('ACTION_ACCESS_DENIED', 'Only the passenger who ordered may cancel');
      });
    if (client.id !== connection.ownerId)
      throw new ApiFailure('ACTION_ACCESS_DENIED', 'Only the passenger who ordered may cancel');
    const tooMany = 'Too many cancellations; try again later';
    await spend(limits, `cancel:${client.id}`, caps.cancelsPerClientPerHour, 3_600_000, tooMany);
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
    const { shortId, secret } = isLogin.Check(message)
      ? rideLinkKey(message.order_short_id, message.secret)
      : { shortId: '', secret: '' };
    if (!shortId || !secret)
      return connection.send(
        failure('LOGIN', 'ARG_ERROR', 'order_short_id and secret are required', { vars: null }),
      );
    connection.loggingIn = true;
    try {
      const order = await openRideLink(services, corporationId, connection.ip, shortId, secret);
      if (order === 'limited') {
        connection.send(
          failure('LOGIN', 'ACTION_NOT_ALLOWED', 'Too many refused logins; try again in a minute', {
            vars: null,
          }),
        );
        connection.close(4429, 'too many logins');
        return;
      }
      // An unknown order and a wrong secret get the same answer.
      if (!order) {
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
      if (count(perOrder, order.id, 1) > caps.trackSocketsPerOrder) {
        count(perOrder, order.id, -1);
        return refuse(connection, 'LOGIN', 'Too many connections to this order');
      }
      connection.orderId = order.id;
      connection.ownerId = order.client_id;
      connection.send(
        reply({
          action_id: 'LOGIN',
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
  const ping = reply({ action_id: 'PING' });
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

  // Before the HTTP server closes (it waits for every open socket, upgraded ones too): each
  // viewer is told that the server restarts (1012), and its client reconnects, through the load
  // balancer, to another process; a socket that does not finish the closing handshake in time is
  // cut. Not awaited: the server stops accepting meanwhile.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    app.server.off('upgrade', onUpgrade);
    for (const connection of connections) connection.ws.close(RESTART_CLOSE, 'server restart');
    setTimeout(() => {
      for (const connection of connections) connection.ws.terminate();
    }, CLOSE_GRACE_MS).unref();
    wss.close();
  });
}
