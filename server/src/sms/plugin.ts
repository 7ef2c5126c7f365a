import type { FastifyInstance } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CorporationLookup } from '../corporations/directory.ts';
import { errorReply } from '../errors.ts';
import type { Outbox } from './outbox.ts';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.x.y.z). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

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
