import { within } from '../base/deadline.ts';
import { closeRedis, connectRedis, type RedisTarget } from '../base/redis.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

/** Ends a subscription. */
export type Unsubscribe = () => void;

/**
 * Publish/subscribe between the concerns of one server process, or of every server process of a
 * city when they share Redis: tracking events, dispatch offers. Messages are JSON values.
 */
export interface EventBus {
  publish(channel: string, message: unknown): void;
  /** Resolves once messages of the channel are delivered to `handler`. */
  subscribe<T = unknown>(channel: string, handler: (message: T) => void): Promise<Unsubscribe>;
  /**
   * Calls `handler` each time the bus is back after an outage (Redis restarted): messages
   * published meanwhile were lost, so a subscriber reloads what it shows. Never for one process.
   */
  onResume?(handler: () => void): void;
  /** Whether Redis answers a PING within `timeoutMs` (readiness); absent for one process. */
  ping?(timeoutMs: number): Promise<boolean>;
  /** Whether both Redis connections are up now (metrics); absent for one process. */
  connected?(): boolean;
  close(): Promise<void>;
}

type Handler = (message: unknown) => void;

function deliver(
  handlers: Set<Handler> | undefined,
  message: unknown,
  onError: (error: unknown) => void,
): void {
  if (!handlers) return;
  for (const handler of [...handlers]) {
    try {
      handler(message);
    } catch (error) {
      onError(error);
    }
  }
}

/** The default: one process, delivered on the next microtask (as asynchronously as Redis would). */
export function memoryBus(onError: (error: unknown) => void = () => {}): EventBus {
  const channels = new Map<string, Set<Handler>>();
  return {
    publish(channel, message) {
      const handlers = channels.get(channel);
      if (handlers) queueMicrotask(() => deliver(handlers, message, onError));
    },
    async subscribe(channel, handler) {
      let handlers = channels.get(channel);
      if (!handlers) channels.set(channel, (handlers = new Set()));
      handlers.add(handler as Handler);
      return () => {
        handlers.delete(handler as Handler);
        if (handlers.size === 0 && channels.get(channel) === handlers) channels.delete(channel);
      };
    },
    async close() {
      channels.clear();
    },
  };
}

/** Redis pub/sub: one connection publishes, one listens; channels are subscribed while used. */
export function redisBus(
  target: RedisTarget,
  prefix: string,
  onError: (error: unknown) => void,
): EventBus {
  const publisher = connectRedis(target, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = connectRedis(target, { lazyConnect: false });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const channels = new Map<string, Set<Handler>>();
  const resumed = new Set<() => void>();
  let connected = false;
  // 'ready' again after a connection was lost: ioredis has subscribed the channels anew.
  subscriber.on('ready', () => {
    if (connected) for (const handler of resumed) handler();
    connected = true;
  });
  /** Pending SUBSCRIBE/UNSUBSCRIBE per channel, so that they stay in order. */
  const pending = new Map<string, Promise<unknown>>();
  const queue = (channel: string, step: () => Promise<unknown>) => {
    const next = (pending.get(channel) ?? Promise.resolve()).then(step, step);
    pending.set(channel, next);
    void next
      .finally(() => pending.get(channel) === next && pending.delete(channel))
      .catch(onError);
    return next;
  };
  subscriber.on('messageBuffer', (channelBuffer: Buffer, data: Buffer) => {
    const channel = channelBuffer.toString().slice(prefix.length);
    const handlers = channels.get(channel);
    if (!handlers) return;
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch (error) {
      onError(error);
      return;
    }
    deliver(handlers, message, onError);
  });
  return {
    publish(channel, message) {
      publisher.publish(prefix + channel, JSON.stringify(message)).catch(onError);
    },
    async subscribe(channel, handler) {
      let handlers = channels.get(channel);
      if (!handlers) {
        channels.set(channel, (handlers = new Set()));
        handlers.add(handler as Handler);
        await queue(channel, () => subscriber.subscribe(prefix + channel));
      } else {
        handlers.add(handler as Handler);
        await pending.get(channel);
      }
      return () => {
        if (
          !handlers.delete(handler as Handler) ||
          handlers.size > 0 ||
          channels.get(channel) !== handlers
        )
          return;
        channels.delete(channel);
        void queue(channel, () =>
          channels.has(channel) ? Promise.resolve() : subscriber.unsubscribe(prefix + channel),
        ).catch(onError);
      };
    },
    onResume(handler) {
      resumed.add(handler);
    },
    async ping(timeoutMs) {
      // Only while connected: the offline queue would hold the PING until Redis is back.
      if (publisher.status !== 'ready' || subscriber.status !== 'ready') return false;
      return within(publisher.ping(), timeoutMs, 'Redis').then(
        () => true,
        () => false,
      );
    },
    connected: () => publisher.status === 'ready' && subscriber.status === 'ready',

    async close() {
      channels.clear();
      resumed.clear();
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}

declare module '../base/services.ts' {
  interface Services {
    /** In-process, or Redis pub/sub with REDIS_URL: tracking events, dispatch wake-ups, offers. */
    bus: EventBus;
  }
}
