import { sql } from 'kysely';
import type { Corporation } from '../corporations/directory.ts';
import type { Db } from '../db/storage.ts';
import type { LatLng } from '../geo/geometry.ts';

/** A position older than this says nothing about where the taxi is now. */
export const POSITION_FRESH_MS = 5 * 60_000;

/**
 * The free taxi (state W, fresh position) nearest a point, or undefined. The database orders
 * them by flat-earth distance (exact enough within a city) and returns one row, rather than every
 * free taxi for the caller to sort.
 */
export function nearestFreeTaxi(db: Db, corporation: Corporation, point: LatLng, now: number) {
  const squeeze = Math.cos((point.lat * Math.PI) / 180) ** 2;
  return db
    .selectFrom('taxis')
    .select(['call_number', 'lat', 'lng'])
    .where('corporation_id', '=', corporation.id)
    .where('state', '=', 'W')
    .where('updated_at', '>', now - POSITION_FRESH_MS)
    .orderBy(
      sql`(lat - ${point.lat}) * (lat - ${point.lat}) + (lng - ${point.lng}) * (lng - ${point.lng}) * ${squeeze}`,
    )
    .orderBy('call_number')
    .limit(1)
    .executeTakeFirst();
}

/** The cars of these taxis and their last reported positions (an order's tracking record). */
export function taxiCars(db: Db, corporationId: string, callNumbers: string[]) {
  return db
    .selectFrom('taxis')
    .select(['call_number', 'color', 'brand', 'vehicle_registration', 'lat', 'lng'])
    .where('corporation_id', '=', corporationId)
    .where('call_number', 'in', callNumbers)
    .execute();
}

/** Free taxis (state W) that reported after `since`, with their positions (dispatch's candidates). */
export function freeTaxisReportedSince(db: Db, corporationId: string, since: number) {
  return db
    .selectFrom('taxis')
    .select(['call_number', 'lat', 'lng', 'updated_at'])
    .where('corporation_id', '=', corporationId)
    .where('state', '=', 'W')
    .where('updated_at', '>', since)
    .execute();
}

/** When the taxi last reported, or undefined for no such taxi. */
export async function lastReportAt(
  db: Db,
  corporationId: string,
  callNumber: string,
): Promise<number | undefined> {
  const taxi = await db
    .selectFrom('taxis')
    .select('updated_at')
    .where('corporation_id', '=', corporationId)
    .where('call_number', '=', callNumber)
    .executeTakeFirst();
  return taxi?.updated_at;
}

/** A taxi's car and its driver app's password hash, as the operator or the simulator sets them. */
export interface TaxiCar {
  call_number: string;
  color: string;
  brand: string;
  vehicle_registration: string;
  password_hash: string;
}

/** Adds a taxi to the fleet (state F until its driver signs in), or updates its car. */
export async function saveTaxi(db: Db, corporationId: string, car: TaxiCar): Promise<void> {
  const { call_number, ...values } = car;
  await db
    .insertInto('taxis')
    .values({
      corporation_id: corporationId,
      call_number,
      state: 'F',
      lat: 0,
      lng: 0,
      updated_at: 0,
      ...values,
    })
    .onConflict((conflict) =>
      conflict.columns(['corporation_id', 'call_number']).doUpdateSet(values),
    )
    .execute();
}

/** The taxi's state (spec section 4); false for no such taxi. */
export async function setTaxiState(
  db: Db,
  corporationId: string,
  callNumber: string,
  state: string,
): Promise<boolean> {
  const result = await db
    .updateTable('taxis')
    .set({ state })
    .where('corporation_id', '=', corporationId)
    .where('call_number', '=', callNumber)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
