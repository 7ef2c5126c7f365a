import type { Invoice } from '@taxi/contract';
import type { Corporation } from '../corporations/directory.ts';
import { trackFacts } from '../dispatch/record.ts';
import { withLock } from '../db/storage.ts';
import { MAIL_QUEUED_CHANNEL } from '../mail/outbox.ts';
import { storedForm } from '../orders/form.ts';
import { invoicedOrders } from '../orders/store.ts';
import type { Services } from '../base/services.ts';
import { formatLocal, localTime } from '../base/time.ts';
import { queueInvoiceMail } from './mail.ts';
import type { InvoicingSettings } from '../corporations/invoicing.ts';
import { dropInvoiceRequest, type InvoiceBuyer, pendingInvoices, storeIssued } from './store.ts';

/** Invoices looked at in one round of the issuer. */
const ROUND = 50;

const grosze = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Net and VAT of a gross price: the ride's fare is the gross (what the passenger pays), so the
 * net is worked back from it and the VAT is the rest, to the grosz, and they always add up.
 */
export function vatOfGross(gross: number, ratePercent: number): { net: number; vat: number } {
  const net = grosze((gross * 100) / (100 + ratePercent));
  return { net, vat: grosze(gross - net) };
}

type PendingOrder = Awaited<ReturnType<typeof invoicedOrders>>[number];

function documentOf(
  corporation: Corporation,
  settings: InvoicingSettings,
  order: PendingOrder & { price: number },
  buyer: InvoiceBuyer,
  issuedAt: number,
  number: string,
): Invoice {
  const form = storedForm(order.form);
  const date = formatLocal(issuedAt, corporation.timeZone).slice(0, 10);
  const currency = corporation.settings.currency;
  return {
    number,
    issued: date,
    // The ride ends moments before: its invoice is issued as it ends.
    sold: date,
    seller: settings.seller,
    buyer: { name: buyer.buyer_name, address: buyer.buyer_address, nip: buyer.buyer_nip },
    order_short_id: order.short_id,
    poi: form.poi,
    dst: form.dst,
    vat_rate: settings.vatRate,
    ...vatOfGross(order.price, settings.vatRate),
    gross: order.price,
    currency: typeof currency === 'string' && currency !== '' ? currency : 'zł',
    cash_free: form.cash_free,
  };
}

/**
 * Issues the invoices whose rides are finished, and drops those of rides that ended without one.
 * Any process may run it at any time: an invoice is numbered once, under its corporation's lock.
 * Returns the invoices issued.
 */
export async function issueFinished(services: Services): Promise<number> {
  const { storage, corporations, clock, log } = services;
  const pending = await pendingInvoices(storage.db, ROUND);
  if (pending.length === 0) return 0;
  const orders = new Map(
    (
      await invoicedOrders(
        storage.db,
        pending.map((p) => p.order_id),
      )
    ).map((o) => [o.id, o]),
  );
  let issued = 0;
  for (const invoice of pending) {
    const order = orders.get(invoice.order_id);
    if (!order || order.state === 'A' || order.state === 'M') {
      await dropInvoiceRequest(storage.db, invoice.id);
      continue;
    }
    if (order.state !== 'Z') continue;
    if ((await trackFacts(storage.db, order)).stage !== 'finished') continue;
    const corporation = corporations.byId(invoice.corporation_id);
    const settings = corporation?.invoicing;
    // Invoicing switched off since the order: the request waits for it to come back.
    if (!corporation || !settings) continue;
    if (order.price === null) {
      log.warn({ invoice: invoice.id }, 'invoices: a ride without a final price gets no invoice');
      await dropInvoiceRequest(storage.db, invoice.id);
      continue;
    }
    const now = clock.now();
    const year = localTime(now, corporation.timeZone).year;
    const priced = { ...order, price: order.price };
    const done = await withLock(storage, [`invoices:${corporation.id}`], async (trx) => {
      const stored = await storeIssued(
        trx,
        invoice.id,
        year,
        (seq) => `${settings.numberPrefix} ${seq}/${year}`.trim(),
        (number, buyer) =>
          JSON.stringify(documentOf(corporation, settings, priced, buyer, now, number)),
        now,
      );
      // Without a relay no mail is queued: the invoice is still on its page.
      if (stored && services.config.mail) await queueInvoiceMail(trx, invoice.id, now);
      return stored;
    });
    if (done) issued++;
  }
  if (issued > 0 && services.config.mail) services.bus.publish(MAIL_QUEUED_CHANNEL, {});
  return issued;
}
