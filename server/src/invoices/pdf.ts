import type { Invoice } from '@taxi/contract';
import { addressLine, formatPrice } from '@taxi/contract/format';
import { pdfWriter } from '../documents/pdf.ts';

/** The invoice's words: Polish, the language of an invoice issued in Poland. */
const T = {
  title: (number: string) => `Faktura VAT ${number}`,
  issued: 'Data wystawienia',
  sold: 'Data sprzedaży',
  seller: 'Sprzedawca',
  buyer: 'Nabywca',
  item: 'Usługa',
  ride: (id: string) => `Przewóz osób taksówką, zlecenie ${id}`,
  net: 'Netto',
  vat: (rate: number) => `VAT ${String(rate).replace('.', ',')} %`,
  gross: 'Razem (brutto)',
  payment: (cashFree: boolean) => `Zapłacono: ${cashFree ? 'bezgotówkowo' : 'gotówką'}`,
};

/** The issued invoice as a PDF (A4), what the invoice screen shows, in the same order. */
export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const money = (amount: number) => formatPrice(amount, invoice.currency);
  const pdf = pdfWriter({
    title: T.title(invoice.number),
    author: invoice.seller.name,
    lang: 'pl',
  });
  pdf.title(T.title(invoice.number));
  pdf.row(T.issued, invoice.issued);
  pdf.row(T.sold, invoice.sold);
  for (const [heading, party] of [
    [T.seller, invoice.seller],
    [T.buyer, invoice.buyer],
  ] as const) {
    pdf.heading(heading);
    pdf.line(party.name);
    pdf.line(party.address);
    pdf.line(`NIP ${party.nip}`);
  }
  pdf.heading(T.item);
  // A dash, not the screen's arrow: Noto Sans has no arrow glyph.
  const route = [addressLine(invoice.poi), addressLine(invoice.dst)].filter(Boolean).join(' – ');
  pdf.line(`${T.ride(invoice.order_short_id)}${route ? `: ${route}` : ''}`);
  pdf.row(T.net, money(invoice.net));
  pdf.row(T.vat(invoice.vat_rate), money(invoice.vat));
  pdf.rule();
  pdf.row(T.gross, money(invoice.gross), true);
  pdf.line(T.payment(invoice.cash_free));
  return pdf.end();
}
