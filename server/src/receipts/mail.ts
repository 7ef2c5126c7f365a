// The receipt by e-mail (docs/receipts-by-email.md): a finished ride's receipt as a PDF, mailed
// once to its passenger's confirmed address.
import type { Lang } from '../api/registry.ts';
import type { Db } from '../db/storage.ts';
import type { EventBus } from '../events/bus.ts';
import { confirmedEmail } from '../mail/addresses.ts';
import { enqueueMail, MAIL_QUEUED_CHANNEL } from '../mail/outbox.ts';
import { orderOwner } from '../orders/store.ts';
import type { Services } from '../base/services.ts';
import { finishedReceipt } from './receipt.ts';
import { receiptPdf, RECEIPT_TEXTS } from './pdf.ts';

const receiptKey = (orderId: number) => `receipt:${orderId}`;

/**
 * Queues the receipt of a ride just finished when its passenger has a confirmed address: from the
 * code path that finished it (dispatch/publishing.ts). Of several processes publishing the same
 * change, the first queues it; the key makes the others' a no-op: one mail per ride.
 */
export async function queueReceiptMail(
  { db, bus, now }: { db: Db; bus: EventBus; now: number },
  orderId: number,
): Promise<void> {
  const owner = await orderOwner(db, orderId);
  if (!owner || !(await confirmedEmail(db, owner.client_id))) return;
  if (
    await enqueueMail(db, { key: receiptKey(orderId), kind: 'receipt', ref: String(orderId) }, now)
  )
    bus.publish(MAIL_QUEUED_CHANNEL, {});
}

/** The `receipt` kind: rendered at the send, in the language the address was given in. */
export function registerReceiptMail(services: Services): void {
  const { storage, corporations } = services;
  services.mail.register('receipt', async (ref) => {
    const orderId = Number(ref);
    const order = await orderOwner(storage.db, orderId);
    const corporation = order && corporations.byId(order.corporation_id);
    if (!order?.client_id || !corporation) return null;
    // Removed or changed since: no receipt to an address not confirmed.
    const email = await confirmedEmail(storage.db, order.client_id);
    if (!email) return null;
    const lang: Lang = email.lang === 'pl' ? 'pl' : 'en';
    const found = await finishedReceipt(services, corporation, lang, orderId);
    if (!found?.receipt) return null;
    const { receipt } = found;
    const texts = RECEIPT_TEXTS[lang];
    const corp = corporation.settings.corp ?? '';
    return {
      corporation,
      to: email.address,
      subject: texts.subject(corp, receipt.order_short_id),
      text: texts.body(corp, receipt.order_short_id),
      attachments: [
        {
          filename: texts.filename(receipt.order_short_id),
          content: await receiptPdf(receipt, corporation, lang),
        },
      ],
    };
  });
}
