// The live tracking connection (spec sections 4 and 7): a WebSocket to /track/api/1/ that logs
// in with an order's short id and secret and then receives the order's updates. Every message
// is JSON with an `action_id`.
import {
  LIVE_RECONNECT_DELAY_MS,
  type TrackClientMessage,
  TRACKING_SOCKET_PATH,
} from '@taxi/contract';
import { ApiError, apiErrorCode, connectionError } from '../api/errors';
import { sessionStore, tokenAtom } from '../session/store';
import { peekEarlySocket, takeEarlySocket } from './early';
import { toLiveTaxi, toTaxisData, toTrackingRecord } from './normalise';
import type { SocketLike, TrackingSnapshot } from './types';

/** A dropped link retries after the delay plus up to this much, so that many viewers of one
 * server that restarts do not all come back in the same millisecond. */
export const LIVE_RECONNECT_JITTER_MS = 500;
/** How long ORDER_CANCEL waits for its answer. */
export const ORDER_CANCEL_TIMEOUT_MS = 10_000;

export interface TrackingSocketOptions {
  orderShortId: string;
  secret: string;
  /** ws(s)://host/track/api/1/ of the page's own origin unless given. */
  url?: string;
  createSocket?: (url: string) => SocketLike;
  reconnectDelayMs?: number;
  jitterMs?: number;
  /** 0 <= r < 1; Math.random unless given. */
  random?: () => number;
  userAgent?: string;
}

const OPEN = 1;
/** Order states after which the link closes for good (spec section 4). */
const FINAL_STATES = ['A', 'M'];

/** The socket URL on the page's own origin. */
export function trackingSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${TRACKING_SOCKET_PATH}`;
}

export const INITIAL_TRACKING_SNAPSHOT: TrackingSnapshot = {
  status: 'connecting',
  authenticated: false,
  errored: false,
  errorCode: null,
  order: null,
  taxisData: {},
  taxis: {},
};

type Message = Record<string, unknown> & { action_id?: unknown };

interface PendingCancel {
  resolve: () => void;
  reject: (error: ApiError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * One order's live link. `start()` connects; the snapshot (read with `getSnapshot`, followed
 * with `subscribe`) holds the connection flags, the latest tracking record and the taxis.
 * A dropped link retries after 5 s (plus a little jitter) unless it was closed on purpose,
 * a LOGIN error stops it for good, and an update with state A or M closes it for good.
 */
export class TrackingSocket {
  private snapshot: TrackingSnapshot = INITIAL_TRACKING_SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private started = false;
  private pendingCancel: PendingCancel | null = null;

  constructor(private readonly options: TrackingSocketOptions) {}

  /**
   * What a link to this order shows once it has read the news the page's early socket holds
   * (null when there is none): Track's first frame, before its link is made in an effect and
   * takes that socket over. Read by a link that is never started, so nothing is sent.
   */
  static earlySnapshot(orderShortId: string, secret: string): TrackingSnapshot | null {
    const early = peekEarlySocket(orderShortId, secret);
    if (!early?.received.length) return null;
    const reader = new TrackingSocket({ orderShortId, secret });
    for (const data of early.received) reader.receive(data);
    return reader.snapshot;
  }

  getSnapshot = (): TrackingSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Connects (once; later calls do nothing). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.connect();
  }

  /** Closes on purpose: no reconnect. */
  stop(): void {
    if (!this.stopped) this.finish('closed');
  }

  /**
   * ORDER_CANCEL with the signed-in passenger's token (`auth`): the server cancels only for the
   * client who placed the order. Resolves when the server confirms or the order turns A.
   */
  cancelOrder(): Promise<void> {
    const auth = sessionStore.get(tokenAtom);
    if (!auth) return Promise.reject(new ApiError('ACTION_ACCESS_DENIED'));
    if (!this.snapshot.authenticated || this.socket?.readyState !== OPEN) {
      return Promise.reject(connectionError());
    }
    this.failCancel(connectionError());
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => this.failCancel(connectionError()), ORDER_CANCEL_TIMEOUT_MS);
      this.pendingCancel = { resolve, reject, timer };
      this.send({ action_id: 'ORDER_CANCEL', auth });
    });
  }

  private update(change: Partial<TrackingSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of [...this.listeners]) listener();
  }

  private connect(): void {
    this.retry = null;
    if (this.stopped) return;
    this.update({ status: 'connecting', authenticated: false });
    const url = this.options.url ?? trackingSocketUrl(globalThis.location);
    const early = takeEarlySocket(this.options.orderShortId, this.options.secret);
    let socket: SocketLike;
    try {
      socket =
        early?.socket ??
        (this.options.createSocket
          ? this.options.createSocket(url)
          : (new WebSocket(url) as unknown as SocketLike));
    } catch {
      this.dropped();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.logIn();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.receive(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.dropped();
    };
    // An error is always followed by a close, which decides what happens next.
    socket.onerror = () => undefined;
    if (!early) return;
    // The page's early socket, already open, logged in then; what came meanwhile is read now.
    if (socket.readyState === OPEN && !early.loggedIn) this.logIn();
    for (const data of early.received) if (this.socket === socket) this.receive(data);
    // Closed before the page took it over: once its news is read, a drop like any other.
    if (this.socket === socket && socket.readyState > OPEN) {
      this.socket = null;
      this.dropped();
    }
  }

  private logIn(): void {
    this.send({
      action_id: 'LOGIN',
      user_agent: this.options.userAgent ?? globalThis.navigator?.userAgent ?? '',
      order_short_id: this.options.orderShortId,
      secret: this.options.secret,
    });
  }

  private dropped(): void {
    this.failCancel(connectionError());
    if (this.stopped) return;
    this.update({ status: 'offline', authenticated: false });
    const delay = this.options.reconnectDelayMs ?? LIVE_RECONNECT_DELAY_MS;
    const jitter =
      (this.options.jitterMs ?? LIVE_RECONNECT_JITTER_MS) * (this.options.random ?? Math.random)();
    this.retry = setTimeout(() => this.connect(), delay + jitter);
  }

  /** Stops for good: closed on purpose, or errored after a refused LOGIN. */
  private finish(status: 'closed' | 'errored', change: Partial<TrackingSnapshot> = {}): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close(1000);
      } catch {
        // already closed
      }
    }
    this.failCancel(connectionError());
    this.update({ ...change, status, authenticated: false });
  }

  private send(message: TrackClientMessage): void {
    if (this.socket?.readyState !== OPEN) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch {
      // The close that follows schedules the retry.
    }
  }

  private failCancel(error: ApiError): void {
    const pending = this.pendingCancel;
    if (!pending) return;
    this.pendingCancel = null;
    clearTimeout(pending.timer);
    pending.reject(error);
  }

  private settleCancel(): void {
    const pending = this.pendingCancel;
    if (!pending) return;
    this.pendingCancel = null;
    clearTimeout(pending.timer);
    pending.resolve();
  }

  private receive(data: unknown): void {
    let message: Message;
    try {
      const parsed: unknown = JSON.parse(String(data));
      if (!parsed || typeof parsed !== 'object') return;
      message = parsed as Message;
    } catch {
      return;
    }
    switch (message.action_id) {
      case 'LOGIN':
        return this.loggedIn(message);
      case 'ORDER_UPDATE':
        this.send({ action_id: 'ORDER_UPDATE', status: 'OK' });
        return this.orderUpdate(message.order, message.taxis_data);
      case 'TAXI_STATE_UPDATE': {
        this.send({ action_id: 'TAXI_STATE_UPDATE', status: 'OK' });
        const taxi = toLiveTaxi(message.taxi);
        if (taxi) this.update({ taxis: { ...this.snapshot.taxis, [taxi.call_number]: taxi } });
        return;
      }
      case 'PING':
        return this.send({ action_id: 'PING', status: 'OK' });
      case 'ORDER_CANCEL':
        if (message.status === 'OK' && !message.error) this.settleCancel();
        else this.failCancel(new ApiError(errorCodeOf(message), nonEmptyText(message.status_mesg)));
        return;
      default:
        return;
    }
  }

  private loggedIn(message: Message): void {
    if (message.status !== 'OK' || message.error) {
      this.finish('errored', { errored: true, errorCode: apiErrorCode(errorCodeOf(message)) });
      return;
    }
    this.update({ status: 'live', authenticated: true });
    // A server may put the current record in the reply's vars instead of a first update.
    const vars = message.vars as Record<string, unknown> | null | undefined;
    if (vars && typeof vars === 'object' && vars.order)
      this.orderUpdate(vars.order, vars.taxis_data);
  }

  private orderUpdate(rawOrder: unknown, rawTaxis: unknown): void {
    const order = toTrackingRecord(rawOrder);
    if (!order) return;
    const held = this.snapshot.order?.revision ?? null;
    if (held !== null && order.revision !== null && order.revision < held) return;
    const taxisData =
      rawTaxis && typeof rawTaxis === 'object'
        ? { ...this.snapshot.taxisData, ...toTaxisData(rawTaxis) }
        : this.snapshot.taxisData;
    this.update({ order, taxisData });
    if (order.state === 'A') this.settleCancel();
    if (FINAL_STATES.includes(order.state)) this.finish('closed');
  }
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/** error_data of a refusal, or the error text, or ACCESS_DENIED. */
function errorCodeOf(message: Message): string {
  return nonEmptyText(message.error_data) ?? nonEmptyText(message.error) ?? 'ACCESS_DENIED';
}
