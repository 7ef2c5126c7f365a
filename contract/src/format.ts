// Formats the screens and the server's mails (the PDF receipt) write alike. Its own entry point
// (@taxi/contract/format), re-exported by @taxi/shared: the contract's index, which @taxi/shared
// re-exports whole into the first screens, does not grow.
import type { AddressPoint } from './entities.ts';

/** Amount with two decimals and a comma, e.g. 12,50 zł (spec: prices are shown in złoty). */
export function formatPrice(value: number, currency = 'zł'): string {
  const fixed = Math.abs(value).toFixed(2).replace('.', ',');
  const [whole = '0', cents] = fixed.split(',');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${value < 0 ? '-' : ''}${grouped},${cents}\u00a0${currency}`;
}

export function hasCoordinates(point: AddressPoint | null | undefined): boolean {
  return (
    !!point &&
    typeof point.lat === 'number' &&
    typeof point.lng === 'number' &&
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng)
  );
}

/** One line of an address point: its name or street and number, and its city. */
export function addressLine(point: AddressPoint | null | undefined): string {
  if (!point) return '';
  const street = [point.street, point.number].filter(Boolean).join(' ');
  // A place's name alone does not tell the driver where to stop: its street goes with it.
  const named = point.poi_name && street ? `${point.poi_name}, ${street}` : point.poi_name;
  const main = named || street || (point.number ? `${point.city} ${point.number}` : '');
  const place = main && point.city && !main.includes(point.city) ? `${main}, ${point.city}` : main;
  if (place) return place;
  if (point.city) return point.city;
  return hasCoordinates(point) ? `${point.lat!.toFixed(5)}, ${point.lng!.toFixed(5)}` : '';
}
