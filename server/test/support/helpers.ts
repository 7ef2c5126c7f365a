import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type Overrides } from '../../src/app.ts';
import { type Config, limitsConfig } from '../../src/base/config.ts';
import type { Db } from '../../src/db/storage.ts';

export function tempDir(prefix = 'taxi-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function writeFile(file: string, content: string | object): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

/** A corporation file as an operator writes it; `overrides` replaces top-level sections. */
export function corporationFile(
  id: string,
  hostnames: string[],
  overrides: Record<string, unknown> = {},
) {
  return {
    id,
    hostnames,
    settings: {
      corp: `Taxi ${id}`,
      color: '#123456',
      corp_icon: `/brand/${id}/icon.svg`,
      currency: 'zł',
      corp_legal: false,
    },
    releases: {},
    ...overrides,
  };
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
}

let schemas = 0;

/**
 * With DATABASE_URL set (npm run test:pg), each app gets its own schema of that database, dropped
 * after the file's tests; otherwise '' (SQLite in the app's temp folder).
 */
export async function testDatabaseUrl(): Promise<string> {
  const { url, drop } = await testSchema();
  after(drop);
  return url;
}

/**
 * A fresh schema of DATABASE_URL (url '' without one) and the function that drops it, for a
 * caller that must close its connections first (a schema in use can deadlock its DROP).
 */
async function testSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: '', drop: async () => {} };
  const schema = `test_${process.pid}_${++schemas}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}

export interface StartOptions {
  config?: Partial<Config>;
  corporations?: object[];
  overrides?: Overrides;
}

/** An app over fresh temp folders with one corporation "demo" on localhost, closed after the file's tests. */
export async function startApp(options: StartOptions = {}): Promise<TestServer> {
  const root = tempDir();
  const database = await testSchema();
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    corpDir: path.join(root, 'corporations'),
    releasesDir: path.join(root, 'releases'),
    dataDir: path.join(root, 'data'),
    production: false,
    logLevel: false,
    corpRefreshMs: 0,
    databaseUrl: database.url,
    trustProxy: false,
    sms: { driver: 'outbox' },
    smsPerIpPerHour: 1000,
    smsLimits: { wrongCodesPerDay: 10, perPhonePerDay: 10, perCorporationPerDay: 5000 },
    orderSecretKey: '',
    redis: null,
    redisPrefix: 'taxi-test:',
    osmExtract: '',
    geoPerIpPerMinute: 10_000,
    tileCacheMb: 16,
    rasterCacheMb: 16,
    dispatchTickMs: 60_000,
    positionFlushMs: 2000,
    fleet: { mode: 'off', size: 3, speed: 1 },
    // The defaults, less those a test that signs many in from 127.0.0.1 would reach.
    limits: {
      ...limitsConfig({}),
      driverLoginsPerIpPerMinute: 10_000,
      trackSocketsPerIp: 10_000,
      releaseDevicesPerIpPerHour: 10_000,
    },
    autoRollback: { everyMs: 60 * 60_000, minViews: 500, maxErrorRatio: 2 },
    drainNoticeMs: 0,
    operatorToken: '',
    // As in development: the tests' corporations run what is published unless they pin it.
    unpinnedReleases: 'newest',
    metricsToken: '',
    ...options.config,
  };
  fs.mkdirSync(config.corpDir, { recursive: true });
  for (const corporation of options.corporations ?? [corporationFile('demo', ['localhost'])]) {
    writeFile(path.join(config.corpDir, `${(corporation as { id: string }).id}.json`), corporation);
  }
  const app = await buildApp(config, options.overrides);
  // The app's connections go before its schema.
  after(async () => {
    await app.close();
    await database.drop();
  });
  return { app, config };
}

/** A log stream for Overrides.logStream: the app's pino lines, kept for assertions. */
export function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    stream,
    text: () => lines.join('\n'),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** How many rows a table holds now. */
export async function rowCount(
  db: Db,
  table:
    | 'release_passengers'
    | 'release_health'
    | 'sessions'
    | 'sms_codes'
    | 'error_reports'
    | 'deletion_requests',
): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
