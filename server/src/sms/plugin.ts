import type { FastifyInstance } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Outbox } from './outbox.ts';

/** GET /dev/sms-outbox?phone=: the messages "sent", newest first (development only). */
export async function outboxPlugin(app: FastifyInstance, { outbox }: { outbox: Outbox }) {
  app.get('/dev/sms-outbox', async (request) => {
    const asked = (request.query as Record<string, unknown>).phone;
    if (typeof asked !== 'string' || asked.trim() === '') return outbox.list();
    const phone = parsePhoneNumberFromString(asked.trim(), 'PL');
    return outbox.list(phone?.number ?? asked.trim());
  });
}
