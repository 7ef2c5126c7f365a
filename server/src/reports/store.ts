import type { Insertable } from 'kysely';
import { type Db, deleteCreatedBefore } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';

/** Error reports are kept this long: enough to follow up a release. */
export const REPORT_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Keeps a browser's error report. */
export async function saveErrorReport(
  db: Db,
  report: Insertable<Tables['error_reports']>,
): Promise<void> {
  await db.insertInto('error_reports').values(report).execute();
}

/** Deletes the error reports past their retention. */
export async function purgeOldReports(db: Db, now: number): Promise<number> {
  return deleteCreatedBefore(db, 'error_reports', now - REPORT_RETENTION_MS);
}
