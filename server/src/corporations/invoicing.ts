import { isValidNip, nipDigits } from '@taxi/contract/business';

/**
 * A corporation file's `invoicing` section (docs/invoices.md): without it, no invoices. Read here,
 * below invoices/, so that the directory refuses a file with a bad one at load.
 */
export interface InvoicingSettings {
  seller: { name: string; address: string; nip: string };
  /** Percent of the net price; taxi rides in Poland: 8. */
  vatRate: number;
  /** Before the number: "FV" gives "FV 12/2026". */
  numberPrefix: string;
}

const filled = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The section of a corporation file (its `raw`), or undefined when the corporation issues no invoices. A section with a missing
 * seller field, an invalid NIP or a VAT rate outside 0-100 is an error: the file is refused at
 * load (parseCorporation), so a typo never issues a wrong invoice.
 */
export function readInvoicing(file: Record<string, unknown>): InvoicingSettings | undefined {
  const raw = file.invoicing;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null) throw new Error('invoicing: an object');
  const section = raw as Record<string, unknown>;
  const name = filled(section.seller_name);
  const address = filled(section.seller_address);
  const nip = nipDigits(filled(section.seller_nip));
  if (!name) throw new Error('invoicing.seller_name: the seller as the invoice names it');
  if (!address) throw new Error('invoicing.seller_address: street, postcode and town');
  if (!isValidNip(nip)) throw new Error('invoicing.seller_nip: a valid 10-digit NIP');
  const rate = section.vat_rate ?? 8;
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 100))
    throw new Error('invoicing.vat_rate: percent, 0-100');
  const prefix = section.number_prefix ?? 'FV';
  if (typeof prefix !== 'string' || prefix.length > 10)
    throw new Error('invoicing.number_prefix: at most 10 characters');
  return { seller: { name, address, nip }, vatRate: rate, numberPrefix: prefix.trim() };
}
