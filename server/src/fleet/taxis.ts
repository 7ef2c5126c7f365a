import type { Corporation } from '../corporations/directory.ts';
import type { Db } from '../db/storage.ts';

/** A position older than this says nothing about where the taxi is now. */
export const POSITION_FRESH_MS = 5 * 60_000;

/** Free taxis (state W) with a fresh position. */
export function freeTaxis(db: Db, corporation: Corporation, now: number) {
  return db
    .selectFrom('taxis')
    .select(['call_number', 'lat', 'lng'])
    .where('corporation_id', '=', corporation.id)
    .where('state', '=', 'W')
    .where('updated_at', '>', now - POSITION_FRESH_MS)
    .execute();
}
