import type { Insertable } from 'kysely';
import { type Db, deleteCreatedBefore, rowsFromAddress } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';

/**
 * Account-deletion requests are kept this long, then purged: the operator answers within a
 * month, three at the most (GDPR art. 12(3)).
 */
export const DELETION_REQUEST_RETENTION_MS = 90 * 24 * 60 * 60_000;

/** Keeps a passenger's request to delete their account, for the operator. */
export async function storeDeletionRequest(
  db: Db,
  request: Insertable<Tables['deletion_requests']>,
): Promise<void> {
  await db.insertInto('deletion_requests').values(request).execute();
}

/** Requests sent from an address since a time (the unauthenticated endpoint's limit). */
export function requestsFromAddress(db: Db, ip: string, since: number): Promise<number> {
  return rowsFromAddress(db, 'deletion_requests', ip, since);
}

/** The requests, oldest first, of one corporation or of all (the operator's list). */
export function listDeletionRequests(db: Db, corporationId: string | undefined) {
  let query = db
    .selectFrom('deletion_requests')
    .select([
      'id',
      'corporation_id',
      'phone',
      'subject',
      'info',
      'source',
      'signed_in',
      'created_at',
    ]);
  if (corporationId) query = query.where('corporation_id', '=', corporationId);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** Deletes the deletion requests past their handling (the retention schedule). */
export async function purgeOldDeletionRequests(db: Db, now: number): Promise<number> {
  return deleteCreatedBefore(db, 'deletion_requests', now - DELETION_REQUEST_RETENTION_MS);
}
