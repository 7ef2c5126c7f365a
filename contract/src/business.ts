import type { Static } from '@sinclair/typebox';
import type { AddressPoint } from './entities.ts';
import type { CompanyProfileInputSchema } from './schemas/requests.ts';

/**
 * Business rides (docs/invoices.md): the passenger's company profiles and the VAT invoice a ride
 * ordered with one gets once it is finished.
 */

/** Company profiles per account. */
export const COMPANY_PROFILES_MAX = 5;
export const COMPANY_NAME_MAX = 120;
export const COMPANY_ADDRESS_MAX = 200;

/** A company the passenger rides for, kept with the account. */
export interface CompanyProfile {
  id: number;
  name: string;
  /** Street, number, postcode and town, as the invoice prints it. */
  address: string;
  /** Polish tax number: 10 digits, no separators. */
  nip: string;
  /** Where the company's invoices are mailed. */
  email: string;
}

/**
 * What SAVE_COMPANY_PROFILE takes: without `id` a new profile, with it a change of that one
 * (./schemas.ts).
 */
export type CompanyProfileInput = Static<typeof CompanyProfileInputSchema>;

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The NIP as 10 digits, with the spaces and hyphens people type taken out. */
export function nipDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** A Polish NIP: 10 digits whose weighted sum of the first nine, mod 11, is the tenth. */
export function isValidNip(value: string): boolean {
  const digits = nipDigits(value);
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = NIP_WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
}

/** One side of an invoice. */
export interface InvoiceParty {
  name: string;
  address: string;
  nip: string;
}

/** Extension (GET_INVOICE): a ride's VAT invoice, worked out by the server from the final price. */
export interface Invoice {
  /** E.g. "FV 12/2026": the corporation's prefix, its sequence within the year, the year. */
  number: string;
  /** Local 'YYYY-MM-DD' of the corporation. */
  issued: string;
  /** The day the ride ended. */
  sold: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  order_short_id: string;
  /** Pickup and destination: the line item names the ride by them. */
  poi: AddressPoint;
  dst: AddressPoint | null;
  /** Percent, e.g. 8. */
  vat_rate: number;
  net: number;
  vat: number;
  gross: number;
  currency: string;
  cash_free: boolean;
}
