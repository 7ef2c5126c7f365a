import { deviceStorage, type SavedPlace } from '@taxi/shared';

const CACHE_KEY = 'saved_places';

/**
 * Whose places the cache holds: a short hash of the client token (which the device keeps
 * anyway), so that another account signed in on this device never sees them.
 */
function ownerOf(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** The places last read from the server for this token, for reading offline. */
export function cachedPlaces(token: string): SavedPlace[] | null {
  try {
    const stored = JSON.parse(deviceStorage.read(CACHE_KEY) ?? 'null') as {
      owner?: unknown;
      places?: unknown;
    } | null;
    return stored?.owner === ownerOf(token) && Array.isArray(stored.places)
      ? (stored.places as SavedPlace[])
      : null;
  } catch {
    return null;
  }
}

export function cachePlaces(token: string, places: SavedPlace[]): void {
  deviceStorage.write(CACHE_KEY, JSON.stringify({ owner: ownerOf(token), places }));
}
