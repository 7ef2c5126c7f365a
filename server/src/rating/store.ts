import type { Db } from '../db/storage.ts';

/** An order's rating and comment, or undefined while it is not rated (GET_RATE, the tracking record). */
export function ratingOf(db: Db, orderId: number) {
  return db
    .selectFrom('ratings')
    .select(['rate', 'comment'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}
