import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsSender } from './sender.ts';

export interface OutboxEntry extends SmsMessage {
  at: string;
}

const KEPT = 500;

/**
 * The development sender: keeps the last messages in memory for GET /dev/sms-outbox and logs
 * that one was sent (never the code: logs travel further than the outbox).
 */
export function createOutbox(log: FastifyBaseLogger) {
  const entries: OutboxEntry[] = [];
  const sender: SmsSender & { list(phone?: string): OutboxEntry[] } = {
    async send(message) {
      entries.unshift({ ...message, at: new Date().toISOString() });
      entries.length = Math.min(entries.length, KEPT);
      log.info({ phone: message.phone }, 'sms: message put in the outbox');
    },
    list(phone) {
      return phone ? entries.filter((entry) => entry.phone === phone) : [...entries];
    },
  };
  return sender;
}

export type Outbox = ReturnType<typeof createOutbox>;
