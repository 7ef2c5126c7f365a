import type { Db } from '../db/storage.ts';

/** An order's rating and comment, or undefined while it is not rated (GET_RATE, the tracking record). */
export function ratingOf(db: Db, orderId: number) {
  return db
    .selectFrom('ratings')
    .select(['rate', 'comment'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** Keeps an order's rating (a unique violation when the order is rated already). */
export async function saveRating(
  db: Db,
  rating: { order_id: number; rate: number; comment: string | null; created_at: number },
): Promise<void> {
  await db.insertInto('ratings').values(rating).execute();
}
