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
