// An in-process stand-in for the browser's WebSocket and the tracking server behind it, for
// component tests: every socket the page opens is recorded, and the test plays the server.
import type { SocketLike } from './socket';

export type WireMessage = Record<string, unknown> & { action_id: string };

/** One socket the page opened; the test plays the server's side of it. */
export class StubSocket implements SocketLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readyState = StubSocket.CONNECTING;
  /** What the page sent, parsed. */
  readonly sent: WireMessage[] = [];
  /** The page closed it (code), or null. */
  closedByClient: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== StubSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as WireMessage);
  }

  close(code = 1005): void {
    if (this.readyState === StubSocket.CLOSED) return;
    this.closedByClient = code;
    this.readyState = StubSocket.CLOSED;
    this.onclose?.({ code });
  }

  /** Server side: the connection opens. */
  accept(): this {
    this.readyState = StubSocket.OPEN;
    this.onopen?.({});
    return this;
  }

  /** Server side: sends a message to the page. */
  push(message: WireMessage): this {
    if (this.readyState !== StubSocket.OPEN) throw new Error('push on a socket that is not open');
    this.onmessage?.({ data: JSON.stringify(message) });
    return this;
  }

  /** Server side: answers the LOGIN. */
  login(ok = true, errorData = 'ORDER_ACCESS_DENIED'): this {
    return this.push(
      ok
        ? { action_id: 'LOGIN', status: 'OK', error: null, error_data: null, vars: {} }
        : { action_id: 'LOGIN', status: 'ERR', error: errorData, error_data: errorData, vars: {} },
    );
  }

  /** Server side: the connection breaks (server gone, network down). */
  drop(): void {
    if (this.readyState === StubSocket.CLOSED) return;
    this.readyState = StubSocket.CLOSED;
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }

  /** The messages the page sent with this action. */
  sentOf(action: string): WireMessage[] {
    return this.sent.filter((message) => message.action_id === action);
  }
}

export interface SocketStub {
  /** Every socket opened, oldest first. */
  readonly sockets: StubSocket[];
  /** The newest socket. */
  last(): StubSocket;
  restore(): void;
}

/** Puts the stub in place of `globalThis.WebSocket` until `restore()`. */
export function installSocketStub(): SocketStub {
  const original = globalThis.WebSocket;
  const sockets: StubSocket[] = [];
  class RecordedSocket extends StubSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  globalThis.WebSocket = RecordedSocket as unknown as typeof WebSocket;
  return {
    sockets,
    last() {
      const socket = sockets[sockets.length - 1];
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
    restore() {
      globalThis.WebSocket = original;
    },
  };
}
