import { nipDigits } from '@taxi/contract/business';
import type { InvoicingSection } from '@taxi/contract/schemas';

/**
 * A corporation file's `invoicing` section (docs/invoices.md): without it, no invoices. Its
 * fields are checked with the whole file at load (parseCorporation: a missing seller field, an
 * invalid NIP or a VAT rate outside 0-100 refuses the file), so a typo never issues a wrong invoice.
 */
export interface InvoicingSettings {
  seller: { name: string; address: string; nip: string };
  /** Percent of the net price; taxi rides in Poland: 8. */
  vatRate: number;
  /** Before the number: "FV" gives "FV 12/2026". */
  numberPrefix: string;
}

/** The checked section as the invoices use it: trimmed, the NIP's digits, the defaults filled in. */
export function readInvoicing(section: InvoicingSection): InvoicingSettings {
  return {
    seller: {
      name: section.seller_name.trim(),
      address: section.seller_address.trim(),
      nip: nipDigits(section.seller_nip),
    },
    vatRate: section.vat_rate ?? 8,
    numberPrefix: (section.number_prefix ?? 'FV').trim(),
  };
}
