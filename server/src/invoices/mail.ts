// The invoice by e-mail (docs/invoices.md): an issued invoice as a PDF, mailed once to the
// e-mail for invoices of the company profile it was made out to.
import type { Invoice } from '@taxi/contract';
import type { Transaction } from 'kysely';
import type { Tables } from '../db/tables.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Services } from '../base/services.ts';
import { invoicePdf } from './pdf.ts';
import { issuedInvoice } from './store.ts';

/** Queues the mail of an invoice, in the transaction that issues it: one mail per invoice. */
export function queueInvoiceMail(trx: Transaction<Tables>, invoiceId: number, now: number) {
  return enqueueMail(
    trx,
    { key: `invoice:${invoiceId}`, kind: 'invoice', ref: String(invoiceId) },
    now,
  );
}

/** The `invoice` kind: the PDF in Polish, the mail's words in Polish and English. */
export function registerInvoiceMail(services: Services): void {
  const { storage, corporations } = services;
  services.mail.register('invoice', async (ref) => {
    const row = await issuedInvoice(storage.db, Number(ref));
    const corporation = row && corporations.byId(row.corporation_id);
    if (!row || !corporation) return null;
    const invoice = JSON.parse(row.document) as Invoice;
    const corp = corporation.settings.corp ?? '';
    return {
      corporation,
      to: row.buyer_email,
      subject: `${corp}: faktura VAT ${invoice.number} / VAT invoice ${invoice.number}`,
      text:
        `Dzień dobry,\n\nw załączniku (PDF) jest faktura VAT ${invoice.number} za przejazd ` +
        `taksówką ${corp} ${invoice.order_short_id}.\n\n` +
        `Hello,\n\nthe VAT invoice ${invoice.number} for the ${corp} taxi ride ` +
        `${invoice.order_short_id} is attached (PDF).\n`,
      attachments: [
        {
          filename: `faktura-${invoice.number.replace(/[^\w-]+/g, '-')}.pdf`,
          content: await invoicePdf(invoice),
        },
      ],
    };
  });
}
