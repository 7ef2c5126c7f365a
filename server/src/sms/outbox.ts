import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsSender } from './sender.ts';

export interface OutboxEntry {
  phone: string;
  text: string;
  code: string;
  at: string;
}

const KEPT = 500;

/**
 * The development sender: keeps the last messages in memory for GET /dev/sms-outbox, each with
 * the corporation that sent it, and logs that one was sent (never the number or the code: logs
 * travel further than the outbox).
 */
export function createOutbox(log: FastifyBaseLogger) {
  const entries: (OutboxEntry & { corporationId: string })[] = [];
  const sender: SmsSender & { list(corporationId: string, phone?: string): OutboxEntry[] } = {
    async send({ phone, text, code, corporationId }: SmsMessage) {
      entries.unshift({ phone, text, code, corporationId, at: new Date().toISOString() });
      entries.length = Math.min(entries.length, KEPT);
      log.info({ corporation: corporationId }, 'sms: message put in the outbox');
    },
    list(corporationId, phone) {
      return entries
        .filter(
          (entry) => entry.corporationId === corporationId && (!phone || entry.phone === phone),
        )
        .map(({ phone, text, code, at }) => ({ phone, text, code, at }));
    },
  };
  return sender;
}

export type Outbox = ReturnType<typeof createOutbox>;
