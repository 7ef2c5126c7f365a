import type { TaxiMapProps } from './types';

/**
 * How the pickup moves without dragging, said in the map's name. The text lives in the lazily
 * loaded map module: no first screen pays for it.
 */
const PICKUP_TAP: Record<string, string> = {
  en: 'tap a place to set the pickup there, or search for the address',
  pl: 'stuknij miejsce, aby ustawić tam miejsce odbioru, lub wyszukaj adres',
};

/** The map region's accessible name in the page's language. */
export function mapName(props: Pick<TaxiMapProps, 'label' | 'onPickupTap'>, language: string) {
  if (!props.onPickupTap) return props.label;
  return `${props.label}: ${PICKUP_TAP[language.slice(0, 2)] ?? PICKUP_TAP.en}`;
}
