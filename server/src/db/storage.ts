import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  sql,
  type Transaction,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Tables } from './tables.ts';
import type { Engine, MigrationSet } from './schema.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

export type Db = Kysely<Tables>;

export interface Storage {
  db: Db;
  engine: Engine;
  /** Migrations this open applied. */
  applied: readonly string[];
  /** Every migration this code knows: the modules' own, as the composition root lists them. */
  migrations: MigrationSet;
  /** PostgreSQL's connection pool, for the metrics: connections checked out and calls waiting. */
  pool?: { inUse(): number; waiting(): number };
  close(): Promise<void>;
}

export interface StorageOptions {
  /** PostgreSQL when set; otherwise SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The modules' migrations (src/modules.ts): run at the open, and what `pendingMigrations` checks. */
  migrations: MigrationSet;
  /** A pooled PostgreSQL connection broke while idle (the server restarted, say). */
  onConnectionError?: (error: Error) => void;
  /** false opens the database as it is, for a check that must not change it (`doctor`). */
  migrate?: boolean;
}

const INT8 = 20;
const POOL_WAIT_MS = 5_000;
/**
 * How long a SQLite write waits for another connection's lock (the operator's tool, say).
 * better-sqlite3 waits synchronously, holding the event loop, so every request stalls meanwhile:
 * long enough for a short write of another connection, and no longer (5 s stalled the whole
 * server at every position flush while a lock was held). A transaction that has read first is
 * refused at once by SQLite anyway; both fail as EXCEPTION and the caller retries.
 */
const SQLITE_BUSY_TIMEOUT_MS = 200;
/** Prepared statements kept per SQLite connection; the set is dropped whole when it grows past this. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running most of ours. The same
 * SQL text gets the same prepared statement (safe: nothing streams, so no statement is busy).
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function openSqlite(dataDir: string, migrations: MigrationSet): Storage {
  fs.mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(path.join(dataDir, 'taxi.sqlite'));
  // WAL with synchronous=FULL: an acknowledged commit survives a killed process and a power cut.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  return { db, engine: 'sqlite', applied: [], migrations, close: () => db.destroy() };
}

function openPostgres(
  connectionString: string,
  migrations: MigrationSet,
  onError: (error: Error) => void,
): Storage {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // While PostgreSQL is away a call waits at most this for a connection, then fails (EXCEPTION),
    // rather than queueing until the request times out.
    connectionTimeoutMillis: POOL_WAIT_MS,
    // Times are epoch milliseconds in bigint columns; they fit a JavaScript number.
    types: {
      getTypeParser: (oid, format) => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format)),
    },
  });
  // A connection that PostgreSQL cuts (a restart, a failover) emits 'error' on its client, idle or
  // checked out, and then on the pool if idle: unheard, either ends the process. A broken client
  // is not returned to the pool; the next call opens a new connection.
  pool.on('connect', (client) => client.on('error', onError));
  pool.on('error', () => {});
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    applied: [],
    migrations,
    pool: {
      inUse: () => pool.totalCount - pool.idleCount,
      waiting: () => pool.waitingCount,
    },
    close: () => db.destroy(),
  };
}

/**
 * The migrator of an open database. Kysely looks for its migration tables in every schema unless
 * told which: name the current one, so that a database with several schemas (one per test app,
 * say) is not misread. current_schema() is null while the search_path's first schema does not
 * exist yet; then that schema is the one meant (the migrator creates it).
 */
async function migratorOf(storage: Omit<Storage, 'applied'>): Promise<Migrator> {
  const migrations = storage.migrations(storage.engine);
  const schema =
    storage.engine === 'postgres'
      ? (
          await sql<{
            schema: string | null;
          }>`select coalesce(current_schema(), trim(both '"' from split_part(current_setting('search_path'), ',', 1))) as schema`.execute(
            storage.db,
          )
        ).rows[0]?.schema || undefined
      : undefined;
  return new Migrator({
    db: storage.db,
    provider: { getMigrations: async () => migrations },
    // Each concern numbers its migration when its branch is written, and branches land in any
    // order: a migration named before one already run still runs (each touches only its own
    // concern's tables, docs/operations.md "Upgrades").
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * Whether a newer release migrated this database: every migration this code knows has run, and
 * some it does not know too. Going back a release then needs no restore: by the migration rule
 * (docs/operations.md, "Upgrades") the newer schema still serves this code, so it starts without
 * migrating, where the migrator would refuse the migrations it cannot see.
 */
async function migratedByNewer(storage: Omit<Storage, 'applied'>, migrator: Migrator) {
  const known = await migrator.getMigrations();
  if (known.some((migration) => migration.executedAt === undefined)) return false;
  const names = new Set(known.map((migration) => migration.name));
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
    storage.db,
  );
  return rows.some((row) => !names.has(row.name));
}

/** Opens the database and brings its schema up to date. */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  const storage = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.migrations, options.onConnectionError ?? (() => {}))
    : openSqlite(options.dataDir, options.migrations);
  if (options.migrate === false) return { ...storage, applied: [] };
  let results;
  try {
    const migrator = await migratorOf(storage);
    if (await migratedByNewer(storage, migrator)) return { ...storage, applied: [] };
    const outcome = await migrator.migrateToLatest();
    if (outcome.error) throw outcome.error;
    results = outcome.results;
  } catch (error) {
    await storage.close();
    throw error;
  }
  return {
    ...storage,
    applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}

/** Migrations this code knows that the database has not run (a restored older backup, say). */
export async function pendingMigrations(storage: Storage): Promise<string[]> {
  const migrations = await (await migratorOf(storage)).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * Runs `work` in a transaction holding exclusive locks on `keys` (always taken in the order
 * given), so check-then-write steps (send limits, one active order) stay correct under concurrent
 * requests and several servers. SQLite has one connection, so its transaction alone serialises.
 */
export function withLock<T>(
  storage: Storage,
  keys: string[],
  work: (trx: Transaction<Tables>) => Promise<T>,
): Promise<T> {
  return storage.db.transaction().execute(async (trx) => {
    if (storage.engine === 'postgres') {
      for (const key of keys)
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
    return work(trx);
  });
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** The tables with every one of `Columns`, each a number or a string. */
type TablesWith<Columns extends string> = {
  [T in keyof Tables]: Tables[T] extends Record<Columns, number | string> ? T : never;
}[keyof Tables];

/** Deletes a table's rows made before `before` (each owner's purge of the retention schedule). */
export async function deleteCreatedBefore(
  db: Db,
  table: TablesWith<'created_at'>,
  before: number,
): Promise<number> {
  const result = await db.deleteFrom(table).where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows a client address added since `since`: for limits on calls that need no sign-in. */
export async function rowsFromAddress(
  db: Db,
  table: TablesWith<'created_at' | 'ip'>,
  ip: string,
  since: number,
): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

declare module '../base/services.ts' {
  interface Services {
    storage: Storage;
  }
}
