// The health of each release: page views, errors and distinct devices per corporation, part,
// release and hour, each device counted at most once per release and hour. Counters are upserts,
// so several server processes add to the same rows.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/storage.ts';
import { releaseError, releasePageViews } from '../metrics/record.ts';

const HOUR = 60 * 60_000;

export function hourOf(time: number): number {
  return Math.floor(time / HOUR) * HOUR;
}

export interface Seen {
  part: string;
  release: string;
}

/** A release served to a device, and whether it came as the part's canary or its stable. */
export interface Served extends Seen {
  /** The bucket the device was drawn into (releases/bucket.ts). */
  bucket: 'canary' | 'stable';
}

/** Whether a part (host or a remote) and a release (a version) name a real one. */
export type IsRelease = (part: string, release: string) => boolean;

/**
 * What the database keeps of a device id: a hash, so the stored value is not the id the device
 * sends (and tickets carry this, not the id).
 */
export function passengerOf(device: string): string {
  return createHash('sha256').update(`release-passenger\n${device}`).digest('hex').slice(0, 32);
}

/**
 * One page load of a device that got these releases: a view of each, at most once per device,
 * release and hour (a passenger row; reloads add nothing).
 */
export async function countViews(
  db: Db,
  corporation: string,
  releases: Served[],
  passenger: string,
  now: number,
): Promise<void> {
  if (releases.length === 0) return;
  const hour = hourOf(now);
  const first = await db
    .insertInto('release_passengers')
    .values(
      releases.map(({ part, release }) => ({
        corporation_id: corporation,
        part,
        release,
        hour,
        device: passenger,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .returning(['part', 'release'])
    .execute();
  if (first.length === 0) return;
  releasePageViews(
    corporation,
    releases.filter((served) => first.some((row) => row.part === served.part)),
  );
  await db
    .insertInto('release_health')
    .values(
      first.map((row) => ({ ...row, corporation_id: corporation, hour, views: 1, errors: 0 })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['corporation_id', 'part', 'release', 'hour'])
        .doUpdateSet({ views: sql`release_health.views + 1` }),
    )
    .execute();
}

/** Page-view writes under way, per database: readers and shutdown can wait for them. */
const writing = new WeakMap<Db, Set<Promise<void>>>();

/** A page-view write nobody waits for (it must not reject); viewsWritten(db) waits for it. */
export function countInBackground(db: Db, write: Promise<void>): void {
  const pending = writing.get(db) ?? new Set();
  writing.set(db, pending);
  pending.add(write);
  void write.finally(() => pending.delete(write));
}

/** Resolves when every page view counted so far in the background is written (or failed). */
export async function viewsWritten(db: Db): Promise<void> {
  await Promise.all(writing.get(db) ?? []);
}

/** The part and release an error report names, when both are real ones; '' otherwise. */
export function reportedSource(
  { part, release }: { part: string; release: string },
  isRelease: IsRelease,
): Seen {
  return isRelease(part, release) ? { part, release } : { part: '', release: '' };
}

/**
 * An error of a release a device was served in `hour`: counted once per device, release and hour
 * (the first report marks the passenger row; later ones find it marked), and only where that
 * view was counted.
 */
export async function countError(
  db: Db,
  corporation: string,
  { passenger, hour }: { passenger: string; hour: number },
  { part, release, bucket }: Served,
): Promise<void> {
  const marked = await db
    .updateTable('release_passengers')
    .set({ errored: 1 })
    .where('corporation_id', '=', corporation)
    .where('part', '=', part)
    .where('release', '=', release)
    .where('hour', '=', hour)
    .where('device', '=', passenger)
    .where('errored', '=', 0)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) return;
  releaseError(corporation, { part, release, bucket });
  await db
    .insertInto('release_health')
    .values({ corporation_id: corporation, part, release, hour, views: 0, errors: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['corporation_id', 'part', 'release', 'hour'])
        .doUpdateSet({ errors: sql`release_health.errors + 1` }),
    )
    .execute();
}

/** How long release health is kept, counts and device hashes alike: health looks back at most this far. */
export const HEALTH_KEPT_MS = 31 * 24 * HOUR;

/** Deletes the health rows (and device hashes) of hours older than HEALTH_KEPT_MS. */
export async function purgeOldHealth(db: Db, now: number): Promise<number> {
  const before = hourOf(now - HEALTH_KEPT_MS);
  let deleted = 0;
  for (const table of ['release_passengers', 'release_health'] as const) {
    const result = await db.deleteFrom(table).where('hour', '<', before).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

export interface ReleaseHealth extends Seen {
  views: number;
  errors: number;
  /** Distinct devices over the whole period. */
  passengers: number;
  /** Distinct devices that reported an error of the release over the whole period. */
  erring: number;
  /** Views and errors per hour, oldest first (hours without any are left out). */
  hours: { hour: number; views: number; errors: number }[];
}

/** Each release of a corporation (or of one part) seen since `since`. */
export async function readHealth(
  db: Db,
  corporation: string,
  since: number,
  part?: string,
): Promise<ReleaseHealth[]> {
  let counts = db
    .selectFrom('release_health')
    .select(['part', 'release', 'hour', 'views', 'errors'])
    .where('corporation_id', '=', corporation)
    .where('hour', '>=', hourOf(since));
  let devices = db
    .selectFrom('release_passengers')
    .select([
      'part',
      'release',
      (eb) => eb.fn.count<number>('device').distinct().as('passengers'),
      sql<number>`count(distinct case when errored = 1 then device end)`.as('erring'),
    ])
    .where('corporation_id', '=', corporation)
    .where('hour', '>=', hourOf(since))
    .groupBy(['part', 'release']);
  if (part) {
    counts = counts.where('part', '=', part);
    devices = devices.where('part', '=', part);
  }
  const byRelease = new Map<string, ReleaseHealth>();
  for (const row of await counts.orderBy('hour').execute()) {
    const key = `${row.part} ${row.release}`;
    const health = byRelease.get(key) ?? {
      part: row.part,
      release: row.release,
      views: 0,
      errors: 0,
      passengers: 0,
      erring: 0,
      hours: [],
    };
    health.views += Number(row.views);
    health.errors += Number(row.errors);
    health.hours.push({
      hour: Number(row.hour),
      views: Number(row.views),
      errors: Number(row.errors),
    });
    byRelease.set(key, health);
  }
  for (const row of await devices.execute()) {
    const health = byRelease.get(`${row.part} ${row.release}`);
    if (!health) continue;
    health.passengers = Number(row.passengers);
    health.erring = Number(row.erring);
  }
  return [...byRelease.values()];
}
