import type { AddressPoint, SavedPlace, SavedPlaceKind } from '@taxi/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';

type Reader = Db | Transaction<Tables>;

interface Row {
  id: number;
  kind: string;
  name: string;
  point: string;
}

const ORDER: Record<SavedPlaceKind, number> = { home: 0, work: 1, other: 2 };

function placeOf(row: Row): SavedPlace {
  return {
    id: row.id,
    kind: row.kind as SavedPlaceKind,
    name: row.name,
    point: JSON.parse(row.point) as AddressPoint,
  };
}

/** A client's places: Home, Work, then the others by name. */
export async function placesOf(db: Reader, clientId: number): Promise<SavedPlace[]> {
  const rows = await db
    .selectFrom('saved_places')
    .select(['id', 'kind', 'name', 'point'])
    .where('client_id', '=', clientId)
    .execute();
  return rows
    .map(placeOf)
    .sort(
      (a, b) =>
        ORDER[a.kind] - ORDER[b.kind] ||
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
        a.id - b.id,
    );
}

/** What a saved place is stored as: its kind, name and point (JSON). */
type StoredPlace = Pick<Tables['saved_places'], 'kind' | 'name' | 'point'>;

/** Rewrites one of the client's places. */
export async function updatePlace(
  db: Reader,
  clientId: number,
  placeId: number,
  place: StoredPlace,
  now: number,
): Promise<void> {
  await db
    .updateTable('saved_places')
    .set({ ...place, updated_at: now })
    .where('id', '=', placeId)
    .where('client_id', '=', clientId)
    .execute();
}

/** Adds a place of the client; its id. */
export async function addPlace(
  db: Reader,
  clientId: number,
  place: StoredPlace,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('saved_places')
    .values({ ...place, client_id: clientId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes one of the client's places; false when the client has no such place. */
export async function deletePlace(db: Db, clientId: number, placeId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_places')
    .where('id', '=', placeId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Deletes every place of a client: the accounts plugin calls it when the passenger asks to
 * delete the account (the rows also go with the client's row, by the foreign key).
 */
export async function deletePlacesOf(db: Db, clientId: number): Promise<number> {
  const result = await db
    .deleteFrom('saved_places')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
