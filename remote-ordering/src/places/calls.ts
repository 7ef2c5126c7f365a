// The saved-places calls (server/README.md, "The client API": its extensions), typed.
import { api, toPoint, type SavedPlace, type SavedPlaceInput } from '@taxi/shared';

/** Reads a place leniently: one without its id or coordinates is left out. */
function readPlace(raw: unknown): SavedPlace | null {
  const value = (raw ?? {}) as Record<string, unknown>;
  const point = toPoint(value.point);
  if (typeof value.id !== 'number' || !point || point.lat === null || point.lng === null)
    return null;
  const kind = value.kind === 'home' || value.kind === 'work' ? value.kind : 'other';
  return { id: value.id, kind, name: typeof value.name === 'string' ? value.name : '', point };
}

export async function fetchPlaces(): Promise<SavedPlace[]> {
  const reply = await api.action('GET_SAVED_PLACES', {});
  const list: unknown[] = Array.isArray(reply.data_list) ? reply.data_list : [];
  return list.flatMap((raw) => readPlace(raw) ?? []);
}

/** POST only: a place's name and address never travel in a URL. */
export async function savePlace(place: SavedPlaceInput): Promise<SavedPlace> {
  const reply = await api.action('SAVE_PLACE', { place });
  const saved = readPlace(reply.place);
  if (!saved) throw new Error('SAVE_PLACE without place');
  return saved;
}

export async function deletePlace(placeId: number): Promise<void> {
  await api.action('DELETE_PLACE', { place_id: placeId });
}
