import { sql } from 'kysely';
import type { Corporation } from '../corporations/directory.ts';
import type { Db } from '../db/storage.ts';
import type { LatLng } from '../quotes/routing.ts';

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
