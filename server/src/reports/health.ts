// The health of each release: page views, errors and distinct devices per corporation, part,
// release and hour. Counters are upserts, so several server processes add to the same rows.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/storage.ts';
import { isVersion, RELEASE_NAMES } from '../releases/resolve.ts';
import { releaseError, releasePageViews } from '../metrics/record.ts';

const HOUR = 60 * 60_000;

export function hourOf(time: number): number {
  return Math.floor(time / HOUR) * HOUR;
}

export interface Seen {
  part: string;
  release: string;
}

/** One page load that got these releases; `device` (the random device id) counts passengers. */
export async function countViews(
  db: Db,
  corporation: string,
  releases: Seen[],
  device: string | undefined,
  now: number,
): Promise<void> {
  if (releases.length === 0) return;
  releasePageViews(corporation, releases);
  const hour = hourOf(now);
  const rows = releases.map(({ part, release }) => ({
    corporation_id: corporation,
    part,
    release,
    hour,
  }));
  await db
    .insertInto('release_health')
    .values(rows.map((row) => ({ ...row, views: 1, errors: 0 })))
    .onConflict((conflict) =>
      conflict
        .columns(['corporation_id', 'part', 'release', 'hour'])
        .doUpdateSet({ views: sql`release_health.views + 1` }),
    )
    .execute();
  if (!device) return;
  // Hashed again, so the stored value is not the id the device sends.
  const hashed = createHash('sha256').update(`release-passenger\n${device}`).digest('hex');
  await db
    .insertInto('release_passengers')
    .values(rows.map((row) => ({ ...row, device: hashed.slice(0, 32) })))
    .onConflict((conflict) => conflict.doNothing())
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
export function reportedSource(body: unknown): Seen {
  const form = (body ?? {}) as Record<string, unknown>;
  const part = form.part;
  const release = form.release;
  return typeof part === 'string' &&
    (RELEASE_NAMES as readonly string[]).includes(part) &&
    typeof release === 'string' &&
    isVersion(release)
    ? { part, release }
    : { part: '', release: '' };
}

export async function countError(
  db: Db,
  corporation: string,
  { part, release }: Seen,
  now: number,
): Promise<void> {
  releaseError(corporation, part, release);
  await db
    .insertInto('release_health')
    .values({ corporation_id: corporation, part, release, hour: hourOf(now), views: 0, errors: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['corporation_id', 'part', 'release', 'hour'])
        .doUpdateSet({ errors: sql`release_health.errors + 1` }),
    )
    .execute();
}

/** How long the hashed device ids are kept: health looks back at most this far. */
export const DEVICES_KEPT_MS = 31 * 24 * HOUR;

/** Drops the hashed device ids of hours older than DEVICES_KEPT_MS; the counts stay. */
export async function forgetOldDevices(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('release_passengers')
    .where('hour', '<', hourOf(now - DEVICES_KEPT_MS))
    .execute();
}

export interface ReleaseHealth extends Seen {
  views: number;
  errors: number;
  /** Distinct devices over the whole period. */
  passengers: number;
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
    .select(['part', 'release', (eb) => eb.fn.count<number>('device').distinct().as('passengers')])
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
    if (health) health.passengers = Number(row.passengers);
  }
  return [...byRelease.values()];
}
