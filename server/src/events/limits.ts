import { ApiFailure } from '../base/errors.ts';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { closeRedis, connectRedis, type RedisTarget } from '../base/redis.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

/**
 * Counters for limits that need no database row: "at most N per window per key", a key's window
 * starting with its first use (not sliding: a key may spend its limit at the end of one window
 * and again at the start of the next). In memory for one process; in Redis when several
 * processes serve one city, so that a limit holds across them, counted by rate-limiter-flexible.
 */
export interface RateLimiter {
  /** Counts one use; false when the key has used up its `limit` in the current window. */
  take(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** Uses counted in the key's current window, without counting one. */
  used(key: string): Promise<number>;
  close(): Promise<void>;
}

/** Counts one use of `key`; past `limit` in the window the call ends with ACTION_NOT_ALLOWED. */
export async function spend(
  limits: RateLimiter,
  key: string,
  limit: number,
  windowMs: number,
  message: string,
): Promise<void> {
  if (!(await limits.take(key, limit, windowMs)))
    throw new ApiFailure('ACTION_NOT_ALLOWED', message);
}

/**
 * The signed-in client of a call, counted against its own limit of `scope`'s calls a minute
 * (ACTION_NOT_ALLOWED past it).
 */
export async function clientWithinLimit<Client extends { id: number }>(
  limits: RateLimiter,
  scope: string,
  perMinute: number,
  signedIn: () => Promise<Client>,
): Promise<Client> {
  const client = await signedIn();
  await spend(
    limits,
    `${scope}:${client.id}`,
    perMinute,
    60_000,
    'Too many calls; try again later',
  );
  return client;
}

/** No limit of the library's own (`consume` is not used); each count brings its window's length. */
const COUNTING_ONLY = { points: 0, duration: 0 };

/** The library's expiry, whole seconds: the counts of a window are gone once it is over. */
const seconds = (windowMs: number) => ({ customDuration: Math.max(1, Math.ceil(windowMs / 1000)) });

/**
 * Counts in the library's store by `penalty`, which adds without a verdict: the store holds every
 * key whatever its limit (`used` reads a key without knowing it), so the limit is compared here.
 */
async function count(counter: RateLimiterAbstract, key: string, windowMs: number) {
  return (await counter.penalty(key, 1, seconds(windowMs))).consumedPoints;
}

/**
 * Counts in this process, by the app's clock (tests move it): a key's window starts with its
 * first use, as in Redis. Not the library's memory store: it expires by the real clock only, and
 * windows aligned to the clock instead let a caller spend twice a limit across a round minute.
 */
export function memoryLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let sweptAt = now();
  return {
    async take(key, limit, windowMs) {
      const time = now();
      // Forgets ended windows once a minute, so the map holds only keys in use.
      if (time - sweptAt > 60_000) {
        for (const [name, window] of windows) if (window.endsAt <= time) windows.delete(name);
        sweptAt = time;
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= time)
        windows.set(key, (window = { count: 0, endsAt: time + windowMs }));
      window.count++;
      return window.count <= limit;
    },
    async used(key) {
      const window = windows.get(key);
      return window && window.endsAt > now() ? window.count : 0;
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * Counters in Redis, shared by every process of a city: a key's window starts with its first use,
 * by Redis's clock. While Redis cannot answer, the library's insurance counts in this process's
 * memory instead: the limits still hold (per process, so N processes let up to N times a limit
 * through) and orders keep being taken; the counts in Redis resume when it returns.
 */
export function redisLimiter(
  target: RedisTarget,
  prefix: string,
  log: { warn(message: string): void; info(message: string): void },
): RateLimiter {
  // No offline queue: while Redis is away a command fails at once instead of waiting for it.
  const redis = connectRedis(target, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
  let degraded = false;
  redis.on('error', () => {});
  redis.on('ready', () => {
    if (degraded) log.info('limits: Redis is back; counting there again');
    degraded = false;
  });
  const warn = () => {
    if (!degraded)
      log.warn('limits: Redis is unavailable; counting in this process until it returns');
    degraded = true;
  };
  /** The insurance, which says once per outage that it counts. */
  class InThisProcess extends RateLimiterMemory {
    override penalty(...args: Parameters<RateLimiterMemory['penalty']>) {
      warn();
      return super.penalty(...args);
    }
    override get(...args: Parameters<RateLimiterMemory['get']>) {
      warn();
      return super.get(...args);
    }
  }
  const counter = new RateLimiterRedis({
    ...COUNTING_ONLY,
    storeClient: redis,
    keyPrefix: `${prefix}limit`,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new InThisProcess({ ...COUNTING_ONLY, keyPrefix: '' }),
  });
  return {
    async take(key, limit, windowMs) {
      return (await count(counter, key, windowMs)) <= limit;
    },
    async used(key) {
      return (await counter.get(key))?.consumedPoints ?? 0;
    },
    async close() {
      await closeRedis(redis);
    },
  };
}

declare module '../base/services.ts' {
  interface Services {
    /** Per-key limits, in memory or in Redis. */
    limits: RateLimiter;
  }
}
