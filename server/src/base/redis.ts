import { isIP } from 'node:net';
import { Redis, type RedisOptions } from 'ioredis';
import { within } from './deadline.ts';

/** One Redis server (REDIS_URL), or the primary that Redis Sentinel names (REDIS_SENTINELS). */
export type RedisTarget =
  { url: string } | { sentinels: { host: string; port: number }[]; masterName: string };

/** host:port, the host a name, an IPv4 address or a bracketed IPv6 address. */
const ADDRESS = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

function sentinelList(value: string): { host: string; port: number }[] {
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.map((entry) => {
    const match = ADDRESS.exec(entry);
    const port = Number(match?.[2]);
    const host = match?.[1]?.replace(/^\[(.*)\]$/, '$1') ?? '';
    if (!match || port < 1 || port > 65_535 || (match[1]!.startsWith('[') && isIP(host) !== 6))
      throw new Error(
        `REDIS_SENTINELS: host:port pairs separated by commas (127.0.0.1:26379,127.0.0.1:26380), not ${JSON.stringify(entry)}`,
      );
    return { host, port };
  });
}

/**
 * The deployment's Redis from REDIS_URL, or REDIS_SENTINELS with REDIS_MASTER_NAME; null for one
 * process. Both ways at once is refused: the two could name different servers.
 */
export function redisTarget(env: NodeJS.ProcessEnv): RedisTarget | null {
  const url = env.REDIS_URL?.trim() ?? '';
  const sentinels = env.REDIS_SENTINELS?.trim() ?? '';
  const masterName = env.REDIS_MASTER_NAME?.trim() ?? '';
  if (url && sentinels)
    throw new Error('REDIS_URL and REDIS_SENTINELS: set one (Sentinel names the primary itself)');
  if (masterName && !sentinels) throw new Error('REDIS_MASTER_NAME needs REDIS_SENTINELS');
  if (sentinels) {
    if (!masterName) throw new Error('REDIS_SENTINELS needs REDIS_MASTER_NAME');
    return { sentinels: sentinelList(sentinels), masterName };
  }
  return url ? { url } : null;
}

/**
 * A connection to the deployment's Redis: every use (bus, limits, lease, outbox, doctor) opens
 * its connections here. Through Sentinel, ioredis asks the sentinels for the primary and, once
 * a failover promotes a replica, reconnects to the new primary.
 */
export function connectRedis(target: RedisTarget, options: RedisOptions = {}): Redis {
  if ('url' in target) return new Redis(target.url, options);
  return new Redis({
    sentinels: target.sentinels,
    name: target.masterName,
    // A primary demoted to a replica (read-only) makes ioredis ask the sentinels again.
    reconnectOnError: (error) => error.message.startsWith('READONLY'),
    ...options,
  });
}

/** How long a closing connection may take to send what it queued and QUIT. */
const CLOSE_WAIT_MS = 2_000;

/**
 * Ends a connection: commands it queued go first (a CLI's announcement), then QUIT; but a QUIT
 * that Redis cannot answer (gone) would keep the connection reconnecting, and the process alive.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  await within(redis.quit(), CLOSE_WAIT_MS, 'Redis').catch(() => {});
  redis.disconnect();
}
