import { useCallback, useEffect, useMemo } from 'react';
import { atom, useAtom, useAtomValue } from 'jotai';
import { type SavedPlace, type SavedPlaceInput, sessionStore, tokenAtom } from '@taxi/shared';
import { cachedPlaces, cachePlaces } from './cache';
import { deletePlace, fetchPlaces, savePlace } from './calls';

interface Known {
  /** The token the list belongs to. */
  token: string | null;
  places: SavedPlace[];
}

const placesAtom = atom<Known>({ token: null, places: [] });

/** For tests: the next use reads the device's copy and the server afresh. */
export function forgetPlaces(): void {
  sessionStore.set(placesAtom, { token: null, places: [] });
}

/**
 * The passenger's saved places: the device's copy at once (also offline), then the server's,
 * read again whenever a screen that shows them opens (another phone may have changed them).
 */
export function usePlaces() {
  const token = useAtomValue(tokenAtom);
  const [known, setKnown] = useAtom(placesAtom);

  const keep = useCallback(
    (places: SavedPlace[]) => {
      if (!token) return;
      cachePlaces(token, places);
      setKnown({ token, places });
    },
    [token, setKnown],
  );

  const refresh = useCallback(async () => {
    if (!token) return;
    try {
      keep(await fetchPlaces());
    } catch {
      // Offline or refused: the device's copy stays.
    }
  }, [token, keep]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const places = useMemo(
    () => (!token ? [] : known.token === token ? known.places : (cachedPlaces(token) ?? [])),
    [token, known],
  );

  /** Saves (or changes) a place, then reads the list as the server orders it. */
  const save = async (input: SavedPlaceInput): Promise<SavedPlace> => {
    const saved = await savePlace(input);
    keep([...places.filter((place) => place.id !== saved.id), saved]);
    await refresh();
    return saved;
  };

  const remove = async (placeId: number): Promise<void> => {
    await deletePlace(placeId);
    keep(places.filter((place) => place.id !== placeId));
  };

  return { places, save, remove, signedIn: Boolean(token) };
}
