import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A lease not renewed for this long is free for another process to take. */
export const LEASE_TTL_MS = 10_000;
/** How often the holder renews it and every other process tries to take it. */
export const LEASE_RENEW_MS = 2_000;

/** Renews the lease when this holder has it, takes it when nobody has; 1 when held after. */
const HOLD = `local held = redis.call('GET', KEYS[1])
if held == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not held then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
/** Gives the lease up, only when this holder has it. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface LeaseOptions {
  /** The deployment's Redis; without it this process is the deployment and always holds. */
  redis: Redis | undefined;
  key: string;
  /** What the lease names (for the log). */
  what: string;
  log: FastifyBaseLogger;
  /** Starts the work; returns the function that stops it. */
  start: () => () => Promise<void>;
}

/**
 * Runs `start`'s work in one process of a deployment at a time: the holder renews a Redis key
 * every LEASE_RENEW_MS; the others try to take it as often, so it passes on within
 * LEASE_TTL_MS + LEASE_RENEW_MS of its holder dying, and within LEASE_RENEW_MS of its holder
 * stopping (which gives it up). A holder that cannot renew stops its work before the key can
 * expire, so that two processes never run it at once. The holder's value names the host and the
 * process id (an operator reads it with GET). Returns the function that stops and gives it up.
 */
export function runWhileLeased({ redis, key, what, log, start }: LeaseOptions) {
  if (!redis) return start();
  const holder = `${os.hostname()}/${process.pid}/${randomBytes(6).toString('base64url')}`;
  let stopWork: (() => Promise<void>) | undefined;
  let confirmedAt = 0;
  let ended = false;
  let checking: Promise<void> = Promise.resolve();

  async function check(): Promise<void> {
    const asked = Date.now();
    let held: boolean | undefined;
    try {
      held = (await redis!.eval(HOLD, 1, key, holder, LEASE_TTL_MS)) === 1;
    } catch {
      // Redis unreachable: the lease is kept while it cannot have expired yet.
    }
    if (ended) return;
    if (held) confirmedAt = asked;
    if (held && !stopWork) {
      log.info({ lease: what }, 'lease taken: this process runs it');
      stopWork = start();
    } else if (
      stopWork &&
      (held === false || (!held && Date.now() - confirmedAt >= LEASE_TTL_MS - LEASE_RENEW_MS))
    ) {
      log.warn({ lease: what }, 'lease lost: this process stops running it');
      const stopping = stopWork;
      stopWork = undefined;
      await stopping();
    }
  }

  let busy = false;
  const tick = () => {
    if (busy || ended) return;
    busy = true;
    checking = check().finally(() => (busy = false));
  };
  const timer = setInterval(tick, LEASE_RENEW_MS);
  timer.unref();
  tick();

  return async () => {
    ended = true;
    clearInterval(timer);
    await checking;
    if (!stopWork) return;
    await stopWork();
    await redis.eval(RELEASE, 1, key, holder).catch(() => {});
  };
}
