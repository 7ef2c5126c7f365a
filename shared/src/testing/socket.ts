// An in-process stand-in for the browser's WebSocket and the tracking server behind it, for
// component tests: every socket the page opens is recorded, and the test plays the server.
import {
  ERROR_MESSAGES,
  type ErrorCode,
  type TrackClientMessage,
  type TrackServerMessage,
} from '@taxi/contract';
import type { SocketLike } from '../tracking/types';
import type { Partly } from './api';

/** A message of the contract with every field but action_id optional, at every depth. */
type Pushed<Message> = Message extends { action_id: infer Action }
  ? { action_id: Action } & Partly<Omit<Message, 'action_id'>>
  : never;

/** What the test, as the server, pushes to the page. */
export type ServerMessage = Pushed<TrackServerMessage>;
/** The message of one action (a failure, which any action may get, aside). */
export type ServerMessageOf<Action extends string> = Extract<ServerMessage, { action_id: Action }>;
/** A message the contract does not describe, to see the page cope with it. */
export type WireMessage = Record<string, unknown> & { action_id: string };
type ClientAction = TrackClientMessage['action_id'];

/** One socket the page opened; the test plays the server's side of it. */
export class StubSocket implements SocketLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readyState = StubSocket.CONNECTING;
  /** What the page sent, parsed. */
  readonly sent: TrackClientMessage[] = [];
  /** The page closed it (code), or null. */
  closedByClient: number | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== StubSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as TrackClientMessage);
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

  /** Server side: sends a message of the contract to the page. */
  push(message: ServerMessage): this {
    return this.pushOffContract(message);
  }

  /** Server side: sends a message as it is, whether the contract describes it or not. */
  pushOffContract(message: WireMessage): this {
    if (this.readyState !== StubSocket.OPEN) throw new Error('push on a socket that is not open');
    this.onmessage?.({ data: JSON.stringify(message) });
    return this;
  }

  /** Server side: answers the LOGIN. */
  login(ok = true, code: ErrorCode = 'ORDER_ACCESS_DENIED'): this {
    return this.push(
      ok
        ? { action_id: 'LOGIN', status: 'OK', error: null, error_data: null, vars: {} }
        : {
            action_id: 'LOGIN',
            status: 'ERR',
            status_mesg: ERROR_MESSAGES[code],
            error: code,
            error_data: code,
            vars: null,
          },
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
  sentOf<Action extends ClientAction>(action: Action) {
    return this.sent.filter(
      (message): message is Extract<TrackClientMessage, { action_id: Action }> =>
        message.action_id === action,
    );
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
