import type { FastifyInstance } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { isLoopback } from '../base/client-address.ts';
import type { CorporationLookup } from '../corporations/directory.ts';
import { errorReply } from '../base/errors.ts';
import type { Outbox } from './outbox.ts';

export interface OutboxOptions {
  outbox: Outbox;
  corporations: CorporationLookup;
  /** SMS_OUTBOX_PUBLIC=true: answer callers beyond this machine too (a shared demo). */
  public: boolean;
}

/**
 * GET /dev/sms-outbox?phone=: the messages "sent" by the asking corporation (the one the host
 * name resolves to, as for the API), newest first (development only). Callers are judged by the
 * socket's own address, never by a forwarded header a caller can write.
 */
export async function outboxPlugin(app: FastifyInstance, options: OutboxOptions) {
  const { outbox, corporations } = options;
  app.get('/dev/sms-outbox', async (request, reply) => {
    if (!options.public && !isLoopback(request.socket.remoteAddress))
      return reply
        .code(403)
        .send(errorReply('ACCESS_DENIED', 'The SMS outbox answers only on this machine'));
    const corporation = corporations.forRequest(request);
    if (!corporation)
      return reply
        .code(404)
        .send(errorReply('NOT_FOUND', 'No taxi corporation serves this host name'));
    const asked = (request.query as Record<string, unknown>).phone;
    if (typeof asked !== 'string' || asked.trim() === '') return outbox.list(corporation.id);
    const phone = parsePhoneNumberFromString(asked.trim(), 'PL');
    return outbox.list(corporation.id, phone?.number ?? asked.trim());
  });
}
