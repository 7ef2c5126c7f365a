export { formatPrice } from '@taxi/contract/format';

/**
 * Polish numbers shown as +48 with grouping: "48123456789" -> "+48 123 456 789".
 * Other numbers are shown as they are.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/[^\d+]/g, '');
  const national = /^(?:\+48|0048|48)?(\d{9})$/.exec(digits)?.[1];
  if (national && (digits.length === 9 || /^(\+48|0048|48)/.test(digits))) {
    return `+48 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  }
  return phone;
}

/** Date-times as the server sends them ('YYYY-MM-DD HH:MM:SS'), shown to the minute. */
export function shortDateTime(value: string | null | undefined): string {
  return (value ?? '').replace('T', ' ').slice(0, 16);
}
