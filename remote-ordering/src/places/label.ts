import type { TFunction } from 'i18next';
import type { SavedPlace, SavedPlaceKind } from '@taxi/shared';

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

/** What a new place is saved as at first: Home until there is one, then Work, then any place. */
export function kindToOffer(saved: readonly Pick<SavedPlace, 'kind'>[]): SavedPlaceKind {
  if (!saved.some((place) => place.kind === 'home')) return 'home';
  return saved.some((place) => place.kind === 'work') ? 'other' : 'work';
}
