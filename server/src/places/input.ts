import {
  type AddressPoint,
  PLACE_NAME_MAX,
  type SavedPlaceInput,
  type SavedPlaceKind,
} from '@taxi/contract';
import { optionalInteger, optionalText, type Payload, record } from '../api/fields.ts';
import { ApiFailure } from '../base/errors.ts';
import { readAddressPoint } from '../orders/form.ts';

const KINDS: readonly SavedPlaceKind[] = ['home', 'work', 'other'];
/** A saved place's point: the contract's address point, with its coordinates. */
function placePoint(value: unknown): AddressPoint {
  const point = readAddressPoint(record(value, 'place.point'), 'place.point');
  if (point.lat === null)
    throw new ApiFailure('INVALID_DATA', 'place.point: a saved place needs its coordinates');
  return point;
}

/**
 * The `place` of SAVE_PLACE: kind home, work or other; the name trimmed, at most PLACE_NAME_MAX
 * characters and not empty for other places; the point with valid coordinates.
 */
export function readPlace(payload: Payload): Required<SavedPlaceInput> {
  const place = record(payload.place, 'place');
  const kind = optionalText(place.kind, 'place.kind', 10) ?? 'other';
  if (!KINDS.includes(kind as SavedPlaceKind))
    throw new ApiFailure('ARG_ERROR', 'place.kind: expected home, work or other');
  if (place.name !== undefined && place.name !== null && typeof place.name !== 'string')
    throw new ApiFailure('ARG_ERROR', 'place.name: expected text');
  // Whitespace and control characters never make a name; inner runs become one space.
  const name = String(place.name ?? '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
  if ([...name].length > PLACE_NAME_MAX)
    throw new ApiFailure('INVALID_DATA', `place.name: at most ${PLACE_NAME_MAX} characters`);
  if (kind === 'other' && name === '')
    throw new ApiFailure('INVALID_DATA', 'place.name: a place needs a name');
  return {
    id: optionalInteger(place.id, 'place.id', 1, Number.MAX_SAFE_INTEGER) ?? null,
    kind: kind as SavedPlaceKind,
    name,
    point: placePoint(place.point),
  };
}
