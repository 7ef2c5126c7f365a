import { PLACE_NAME_MAX, type SavedPlaceInput } from '@taxi/contract';
import { ApiFailure } from '../base/errors.ts';
import { readAddressPoint } from '../orders/form.ts';

/**
 * The `place` of SAVE_PLACE as its schema let it in, against the rules of saved places: the name
 * trimmed, at most PLACE_NAME_MAX characters and not empty for other places; the point with its
 * coordinates.
 */
export function readPlace(place: SavedPlaceInput): Required<SavedPlaceInput> {
  // Whitespace and control characters never make a name; inner runs become one space.
  const name = place.name.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  if ([...name].length > PLACE_NAME_MAX)
    throw new ApiFailure('INVALID_DATA', `place.name: at most ${PLACE_NAME_MAX} characters`);
  if (place.kind === 'other' && name === '')
    throw new ApiFailure('INVALID_DATA', 'place.name: a place needs a name');
  const point = readAddressPoint(place.point, 'place.point');
  if (point.lat === null)
    throw new ApiFailure('INVALID_DATA', 'place.point: a saved place needs its coordinates');
  return { id: place.id ?? null, kind: place.kind, name, point };
}
