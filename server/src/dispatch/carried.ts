import type { Db } from '../db/storage.ts';
import { ASSIGNMENT_STATES as S } from './tables.ts';

/** Whether this taxi had the order's passenger on board (a favourite is kept only then). */
export async function carriedBy(db: Db, orderId: number, callNumber: string): Promise<boolean> {
  const carried = await db
    .selectFrom('assignments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('call_number', '=', callNumber)
    .where('state', '=', S.PICKED_UP)
    .executeTakeFirst();
  return carried !== undefined;
}

/** The taxis that had the order's passenger on board, oldest first, and when (the receipt). */
export function carryingTaxis(db: Db, orderId: number) {
  return db
    .selectFrom('assignments')
    .select(['call_number', 'picked_up_at', 'ride_ended_at'])
    .where('order_id', '=', orderId)
    .where('state', '=', S.PICKED_UP)
    .orderBy('id')
    .execute();
}
