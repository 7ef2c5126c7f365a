import type { TFunction } from 'i18next';
import type { SavedPlace } from '@taxi/shared';

/** A place as the passenger calls it: its name, or Home and Work in the app's language. */
export function placeLabel(place: Pick<SavedPlace, 'kind' | 'name'>, t: TFunction): string {
  if (place.name) return place.name;
  return t(
    place.kind === 'home' ? 'places.home' : place.kind === 'work' ? 'places.work' : 'places.place',
  );
}

/** The symbol before a place's name (decorative: hidden from screen readers). */
export function placeIcon(place: Pick<SavedPlace, 'kind'>): string {
  return place.kind === 'home' ? '⌂' : place.kind === 'work' ? '▣' : '★';
}
