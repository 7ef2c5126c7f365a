import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { SmsMessage, SmsSender } from './sender.ts';

export interface OutboxEntry {
  phone: string;
  text: string;
  code: string;
  at: string;
}

/** Messages kept per corporation (in memory: in all). */
const KEPT = 500;
/** A deployment's outbox in Redis forgets a corporation's messages a day after its last one. */
const KEPT_MS = 24 * 3_600_000;

export interface OutboxOptions {
  log: FastifyBaseLogger;
  /** The deployment's Redis: every process puts its messages there and lists them all. */
  redis?: Redis;
  prefix?: string;
}

/**
 * The development sender: keeps the last messages for GET /dev/sms-outbox, each with the
 * corporation that sent it (in memory, or with REDIS_URL in one Redis list per corporation, so
 * that a process shows a code another process of the deployment sent), and logs that one was sent
 * (never the number or the code: logs travel further than the outbox).
 */
export function createOutbox({ log, redis, prefix = '' }: OutboxOptions) {
  const entries: (OutboxEntry & { corporationId: string })[] = [];
  const key = (corporationId: string) => `${prefix}sms-outbox:${corporationId}`;
  const keep = async (corporationId: string, entry: OutboxEntry) => {
    if (!redis) {
      entries.unshift({ ...entry, corporationId });
      entries.length = Math.min(entries.length, KEPT);
      return;
    }
    const replies = await redis
      .multi()
      .lpush(key(corporationId), JSON.stringify(entry))
      .ltrim(key(corporationId), 0, KEPT - 1)
      .pexpire(key(corporationId), KEPT_MS)
      .exec();
    const failed = replies?.find(([error]) => error);
    if (failed) throw failed[0];
  };
  const read = async (corporationId: string): Promise<OutboxEntry[]> =>
    redis
      ? (await redis.lrange(key(corporationId), 0, -1)).map((json) => JSON.parse(json))
      : entries
          .filter((entry) => entry.corporationId === corporationId)
          .map(({ phone, text, code, at }) => ({ phone, text, code, at }));
  const sender: SmsSender & {
    list(corporationId: string, phone?: string): Promise<OutboxEntry[]>;
  } = {
    async send({ phone, text, code, corporationId }: SmsMessage) {
      await keep(corporationId, { phone, text, code, at: new Date().toISOString() });
      log.info({ corporation: corporationId }, 'sms: message put in the outbox');
    },
    async list(corporationId, phone) {
      return (await read(corporationId)).filter((entry) => !phone || entry.phone === phone);
    },
  };
  return sender;
}

export type Outbox = ReturnType<typeof createOutbox>;
