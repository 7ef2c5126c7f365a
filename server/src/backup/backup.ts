// `taxi-operator backup <file>` and `restore <file>` (docs/operations.md, "Backup and restore"): a
// consistent copy while the server runs, and a restore into an empty data folder or database.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { pathsFromEnv } from '../base/config.ts';
import { openStorage, type StorageOptions } from '../db/storage.ts';

/** Where the data is, and the modules' migrations that a restore runs. */
type Paths = ReturnType<typeof pathsFromEnv> & Pick<StorageOptions, 'migrations'>;

const run = promisify(execFile);
const SQLITE_FILE = 'taxi.sqlite';
/** The first bytes of each kind of backup, so that a restore never reads one as the other. */
const SQLITE_MAGIC = 'SQLite format 3\0';
const PG_DUMP_MAGIC = 'PGDMP';

function startsWith(file: string, magic: string): boolean {
  const head = Buffer.alloc(magic.length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, magic.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head.toString('latin1') === magic;
}

/** Refuses to overwrite: a backup that replaced the last good one by mistake is no backup. */
function refuseExisting(file: string): void {
  if (fs.existsSync(file)) throw new Error(`${file} exists already`);
}

/**
 * SQLite: VACUUM INTO, one read transaction, so the copy is the database as of one commit while
 * the server goes on writing (WAL lets readers and the writer run together). PostgreSQL: pg_dump
 * in custom format, likewise one snapshot.
 */
export async function backup(paths: Paths, file: string): Promise<string> {
  const target = path.resolve(file);
  refuseExisting(target);
  if (paths.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, paths.databaseUrl]);
    return `PostgreSQL dump (custom format) written to ${target}`;
  }
  const source = path.join(paths.dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  const database = new SQLite(source, { fileMustExist: true });
  try {
    // The server holds its write lock for a short while at a time: wait for it like the server.
    database.pragma('busy_timeout = 10000');
    database.prepare('VACUUM INTO ?').run(target);
  } finally {
    database.close();
  }
  return `SQLite copy written to ${target}`;
}

/**
 * Into an empty data folder or database only, then brought up to this release's schema (a
 * backup of an older release is migrated as a start would).
 */
export async function restore(paths: Paths, file: string): Promise<string> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`no backup at ${source}`);
  if (paths.databaseUrl) {
    if (!startsWith(source, PG_DUMP_MAGIC))
      throw new Error(
        `${source} is not a pg_dump in custom format (a SQLite backup needs no DATABASE_URL)`,
      );
    const storage = await openStorage({ ...paths, migrate: false });
    try {
      const { rows } = await sql<{
        count: number;
      }>`select count(*)::int as count from information_schema.tables where table_schema = current_schema()`.execute(
        storage.db,
      );
      if (rows[0]?.count)
        throw new Error('the database has tables already: restore into an empty one');
    } finally {
      await storage.close();
    }
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${paths.databaseUrl}`,
      source,
    ]);
  } else {
    if (!startsWith(source, SQLITE_MAGIC))
      throw new Error(`${source} is not a SQLite backup (a pg_dump needs DATABASE_URL)`);
    const target = path.join(paths.dataDir, SQLITE_FILE);
    if (fs.existsSync(target))
      throw new Error(`${target} exists: restore into an empty data folder (DATA_DIR)`);
    fs.mkdirSync(paths.dataDir, { recursive: true });
    // Copied beside, then renamed: a restore cut short never leaves half a database in place.
    fs.copyFileSync(source, `${target}.restoring`);
    fs.renameSync(`${target}.restoring`, target);
  }
  const storage = await openStorage(paths);
  await storage.close();
  return `restored from ${source}${storage.applied.length ? `; applied ${storage.applied.join(', ')}` : ''}`;
}
