import dns from 'node:dns';
import { Agent } from 'node:https';
import { isIP } from 'node:net';
import type { RidePushMessage } from '@taxi/contract';
import webpush from 'web-push';
import type { PushConfig } from '../base/config.ts';
import { pushOutcome } from '../metrics/record.ts';
import { type Lookup, PRIVATE_ADDRESS, publicAddress, publicLookup } from './addresses.ts';
import { type BrowserSubscription, endpointOrigin } from './endpoints.ts';

/** Sends at once at most; the rest wait in the queue. */
const CONCURRENCY = 4;
/** Waiting sends beyond this are dropped (and counted in the log): dispatch never waits on them. */
const QUEUE_MAX = 2000;
/** A push service slower than this is given up on. */
const TIMEOUT_MS = 10_000;

export interface Delivery {
  subscription: BrowserSubscription;
  message: RidePushMessage;
  /** How long the push service keeps an undelivered message: an old 'arrived' is noise. */
  ttlSeconds: number;
  /** A newer message of the same topic replaces an undelivered older one. */
  topic: string;
  /** Called when the push service says the subscription is gone (404, 410). */
  gone(): Promise<void>;
}

interface Log {
  warn(details: object, message: string): void;
}

/** How pushes reach the network; tests trust their push service's certificate and name their DNS. */
export interface PushNetwork {
  ca?: Buffer;
  lookup?: Lookup;
}

const REFUSED = 'notifications: a push to a private address was refused';

/**
 * Web Push through the `web-push` library (RFC 8291 encryption, RFC 8292 VAPID): fire and forget,
 * at most CONCURRENCY at once. Nothing about the endpoint, keys or message is ever logged.
 * Every send checks its endpoint again (rows stored under an older check included) and connects
 * only to public addresses, after DNS too; the allowed origin (a test-only setting, never in
 * production) alone may be private.
 */
export function pushSender(
  { vapid, allowedOrigin }: { vapid: NonNullable<PushConfig['vapid']>; allowedOrigin: string },
  log: Log,
  network: PushNetwork = {},
) {
  const allowedHost = allowedOrigin ? new URL(allowedOrigin).hostname : '';
  const resolve = publicLookup(network.lookup);
  const agent = new Agent({
    keepAlive: true,
    ...(network.ca ? { ca: network.ca } : {}),
    lookup: (hostname, options, callback) =>
      hostname === allowedHost
        ? (network.lookup ?? dns.lookup)(hostname, options, callback)
        : resolve(hostname, options, callback),
  });
  const queue: { delivery: Delivery; done: (handled: boolean) => void }[] = [];
  let running = 0;
  let dropped = 0;
  let stopped = false;

  /** Whether the endpoint may be called: its shape, and an address literal only when public. */
  function callable(endpoint: string): boolean {
    const origin = endpointOrigin(endpoint, allowedOrigin);
    if (origin === null) return false;
    if (origin === allowedOrigin) return true;
    const host = new URL(origin).hostname;
    return isIP(host) === 0 || publicAddress(host);
  }

  async function deliver(delivery: Delivery): Promise<void> {
    const { subscription, message } = delivery;
    if (!callable(subscription.endpoint)) {
      pushOutcome('dropped');
      return log.warn({ reason: 'endpoint' }, REFUSED);
    }
    try {
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(message),
        {
          vapidDetails: vapid,
          TTL: delivery.ttlSeconds,
          topic: delivery.topic,
          urgency: 'high',
          timeout: TIMEOUT_MS,
          agent,
        },
      );
      pushOutcome('sent');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === PRIVATE_ADDRESS) {
        pushOutcome('dropped');
        return log.warn({ reason: 'address' }, REFUSED);
      }
      const statusCode = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      pushOutcome(statusCode === 404 || statusCode === 410 ? 'gone' : 'failed');
      if (statusCode === 404 || statusCode === 410) return delivery.gone();
      // The error carries the endpoint: only its status goes to the log.
      log.warn({ statusCode: statusCode ?? null }, 'notifications: a push was not delivered');
    }
  }

  function next(): void {
    while (!stopped && running < CONCURRENCY && queue.length > 0) {
      const { delivery, done } = queue.shift()!;
      running += 1;
      void deliver(delivery)
        .catch((error: unknown) =>
          log.warn({ reason: (error as Error).name }, 'notifications: a push failed'),
        )
        .finally(() => {
          running -= 1;
          done(true);
          next();
        });
    }
  }

  return {
    /**
     * Resolves once the push is sent, failed or dropped: true; false when the sender stopped
     * before trying it (the process is closing). Never rejects.
     */
    send(delivery: Delivery): Promise<boolean> {
      if (stopped) return Promise.resolve(false);
      if (queue.length >= QUEUE_MAX) {
        dropped += 1;
        pushOutcome('dropped');
        if (dropped % 100 === 1) log.warn({ dropped }, 'notifications: queue full, pushes dropped');
        return Promise.resolve(true);
      }
      return new Promise((done) => {
        queue.push({ delivery, done });
        next();
      });
    },
    /** Waiting sends are dropped; those on their way end within TIMEOUT_MS. */
    stop(): void {
      stopped = true;
      for (const { done } of queue.splice(0)) done(false);
    },
  };
}

export type PushSender = ReturnType<typeof pushSender>;
