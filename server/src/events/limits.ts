import { Redis } from 'ioredis';
import { ApiFailure } from '../errors.ts';

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
 * Limits fail closed: while Redis cannot count, a limited call ends with the catalogue's FAILED
 * rather than going through uncounted (an SMS budget that lapses with Redis is no budget).
 */
function unavailable(onError: (error: unknown) => void) {
  return (error: unknown): never => {
    onError(error);
    throw new ApiFailure('FAILED', 'Limits cannot be checked now; try again later');
  };
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

export function redisLimiter(
  url: string,
  prefix: string,
  onError: (error: unknown) => void,
): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on('error', onError);
  const failed = unavailable(onError);
  return {
    async take(key, limit, windowMs) {
      const name = `${prefix}limit:${key}`;
      const replies = await redis
        .multi()
        .incr(name)
        .pexpire(name, windowMs, 'NX')
        .exec()
        .catch(failed);
      const [error, count] = replies?.[0] ?? [null, 0];
      if (error) failed(error);
      return Number(count) <= limit;
    },
    async used(key) {
      return Number((await redis.get(`${prefix}limit:${key}`).catch(failed)) ?? 0);
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}
