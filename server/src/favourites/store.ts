import type { FavouriteTaxi } from '@taxi/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';
import { taxiCars } from '../fleet/taxis.ts';

type Reader = Db | Transaction<Tables>;

/** The call numbers a client keeps as favourites, newest first. */
export async function favouriteCallNumbers(db: Reader, clientId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('favourite_taxis')
    .select('call_number')
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.call_number);
}

/** Keeps a taxi among the client's favourites. */
export async function keepFavourite(
  db: Reader,
  clientId: number,
  callNumber: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('favourite_taxis')
    .values({ client_id: clientId, call_number: callNumber, created_at: now })
    .execute();
}

/** Drops a taxi from the client's favourites; false when it was not among them. */
export async function dropFavourite(
  db: Db,
  clientId: number,
  callNumber: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('favourite_taxis')
    .where('client_id', '=', clientId)
    .where('call_number', '=', callNumber)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A client's favourites with their cars (a taxi since removed from the fleet keeps its number). */
export async function favouritesOf(
  db: Reader,
  corporationId: string,
  clientId: number,
): Promise<FavouriteTaxi[]> {
  const numbers = await favouriteCallNumbers(db, clientId);
  if (numbers.length === 0) return [];
  const cars = await taxiCars(db, corporationId, numbers);
  return numbers.map((call_number) => {
    const car = cars.find((c) => c.call_number === call_number);
    return {
      call_number,
      brand: car?.brand ?? '',
      color: car?.color ?? '',
      vehicle_registration: car?.vehicle_registration ?? '',
    };
  });
}

/**
 * Deletes every favourite of a client: the accounts plugin calls it when the passenger asks to
 * delete the account (the rows also go with the client's row, by the foreign key).
 */
export async function deleteFavouritesOf(db: Db, clientId: number): Promise<number> {
  const result = await db
    .deleteFrom('favourite_taxis')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
