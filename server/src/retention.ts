import { purgeOldCodes } from './accounts/codes.ts';
import { purgeOldDeletionRequests } from './accounts/deletion-requests.ts';
import { purgeExpiredSessions } from './accounts/sessions.ts';
import { purgeOldHealth } from './reports/health.ts';
import { purgeOldReports } from './reports/store.ts';
import type { Services } from './base/services.ts';

/** How often the schedule runs; each table's retention is its owner's constant (docs/operations.md). */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * The retention schedule: at start and then every RETENTION_INTERVAL_MS, each owning module
 * deletes its rows past their retention. Every server of a deployment runs it; deleting twice
 * is harmless. Returns the stop function, which waits for a pass under way.
 */
export function startRetention({ storage, clock, log }: Services): () => Promise<void> {
  const purges = {
    sessions: purgeExpiredSessions,
    sms_codes: purgeOldCodes,
    error_reports: purgeOldReports,
    deletion_requests: purgeOldDeletionRequests,
    release_health: purgeOldHealth,
  };
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    const now = clock.now();
    const deleted: Record<string, number> = {};
    for (const [table, purge] of Object.entries(purges)) {
      try {
        deleted[table] = await purge(storage.db, now);
      } catch (error) {
        log.error({ err: error, table }, 'retention: purge failed');
      }
    }
    log.info({ deleted }, 'retention: expired rows purged');
  };
  const run = () => {
    running = running.then(pass);
  };
  run();
  const timer = setInterval(run, RETENTION_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
