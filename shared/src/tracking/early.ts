// A ride link's tracking socket opened by the page's HTML (host/src/index.html) before any
// script has loaded: on a slow network its handshake and LOGIN (two round trips) happen while
// the scripts download instead of after them. The host hands it over at start; Track takes it.
import type { SocketLike } from './types';

export interface EarlySocket {
  /** The order the HTML read from the path (/t/{shortId}/{secret}). */
  shortId: string;
  secret: string;
  socket: SocketLike;
  /** The LOGIN went out (on open). */
  loggedIn: boolean;
  /** What the server sent before the page took the socket over, oldest first. */
  received: unknown[];
}

/** A socket no Track took by then (the page went elsewhere, or failed) is closed. */
export const EARLY_SOCKET_UNCLAIMED_MS = 30_000;

let offered: EarlySocket | undefined;

function close(early: EarlySocket): void {
  try {
    early.socket.close(1000);
  } catch {
    // already closed
  }
}

/** Hands the HTML's socket to the first Track that asks for its order. */
export function offerEarlySocket(early: EarlySocket | undefined): void {
  offered = early;
  if (early)
    setTimeout(() => {
      if (offered !== early) return;
      offered = undefined;
      close(early);
    }, EARLY_SOCKET_UNCLAIMED_MS);
}

/**
 * Whether the early socket serves this order: open or opening, or closed after the server said
 * something (a refused LOGIN: asking again would count a second refusal against the address).
 */
function serves(early: EarlySocket, shortId: string, secret: string): boolean {
  const usable = early.socket.readyState <= 1 || early.received.length > 0;
  return usable && early.shortId.toUpperCase() === shortId.toUpperCase() && early.secret === secret;
}

/** The early socket for this order, left where it is: what Track's first frame may read. */
export function peekEarlySocket(shortId: string, secret: string): EarlySocket | undefined {
  return offered && serves(offered, shortId, secret) ? offered : undefined;
}

/**
 * The early socket for this order, once. A socket for another order is closed, so that it does
 * not hold one of the order's connections.
 */
export function takeEarlySocket(shortId: string, secret: string): EarlySocket | undefined {
  const early = offered;
  offered = undefined;
  if (!early) return undefined;
  if (serves(early, shortId, secret)) return early;
  close(early);
  return undefined;
}
