import { ApiFailure } from '../base/errors.ts';
import { closeRedis, connectRedis, type RedisTarget } from '../base/redis.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

/**
 * Counters for limits that need no database row: "at most N per window per key". In memory for
 * one process; in Redis when several processes serve one city, so that a limit holds across them.
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

export function memoryLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweptAt = now();
  return {
    async take(key, limit, windowMs) {
      const time = now();
      if (time - sweptAt > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
        sweptAt = time;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time)
        windows.set(key, (window = { count: 0, resetAt: time + windowMs }));
      window.count++;
      return window.count <= limit;
    },
    async used(key) {
      const window = windows.get(key);
      return window && window.resetAt > now() ? window.count : 0;
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * Counters in Redis, shared by every process of a city. While Redis cannot answer, each process
 * counts in its own memory instead: the limits still hold (per process, so N processes let up to
 * N times a limit through) and orders keep being taken; the counts in Redis resume when it returns.
 */
export function redisLimiter(
  target: RedisTarget,
  prefix: string,
  log: { warn(message: string): void; info(message: string): void },
): RateLimiter {
  // No offline queue: while Redis is away a command fails at once instead of waiting for it.
  const redis = connectRedis(target, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
  redis.on('error', () => {});
  const local = memoryLimiter();
  let degraded = false;
  const fallback = () => {
    if (!degraded)
      log.warn('limits: Redis is unavailable; counting in this process until it returns');
    degraded = true;
    return local;
  };
  const resumed = () => {
    if (degraded) log.info('limits: Redis is back; counting there again');
    degraded = false;
  };
  return {
    async take(key, limit, windowMs) {
      const name = `${prefix}limit:${key}`;
      try {
        const replies = await redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec();
        const [error, count] = replies?.[0] ?? [new Error('no reply'), 0];
        if (error) throw error;
        resumed();
        return Number(count) <= limit;
      } catch {
        return fallback().take(key, limit, windowMs);
      }
    },
    async used(key) {
      try {
        const count = await redis.get(`${prefix}limit:${key}`);
        resumed();
        return Number(count ?? 0);
      } catch {
        return fallback().used(key);
      }
    },
    async close() {
      await local.close();
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
