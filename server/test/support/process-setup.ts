/** What the process tests share: a server process's folders, taxis, timed orders, deployments. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after } from 'node:test';
import { openStorage, type StorageOptions } from '../../src/db/storage.ts';
import { MIGRATIONS } from '../../src/modules.ts';
import { provisionTaxi } from '../../src/driver/accounts.ts';
import { TOWN_FILE } from '../fixtures/make-town.ts';
import { taxiCorporation } from './fixtures.ts';
import { tempDir, testDatabaseUrl, writeFile } from './helpers.ts';
import { dropDatabase, freshDatabase } from './postgres.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/** Kraków's market square, where the tests' passengers order from. */
export const PICKUP = {
  lat: 50.0614,
  lng: 19.9366,
  city: 'Kraków',
  street: 'Rynek Główny',
  number: '1',
};

/**
 * The environment of a server process (startServerProcess) in a temporary folder with one
 * corporation file, `demo.json`; `env` adds to it or replaces.
 */
export function processEnv(corporation: object, env: Record<string, string> = {}) {
  const root = tempDir();
  writeFile(path.join(root, 'corporations/demo.json'), corporation);
  return {
    CORP_DIR: path.join(root, 'corporations'),
    RELEASES_DIR: path.join(root, 'releases'),
    DATA_DIR: path.join(root, 'data'),
    SMS_DRIVER: 'outbox',
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'fatal',
    ...env,
  };
}

/** Taxis of the demo corporation, each signing in with `secret-<call number>`. */
export async function provisionTaxis(
  database: Omit<StorageOptions, 'migrations'>,
  callNumbers: string[],
) {
  const storage = await openStorage({ ...database, migrations: MIGRATIONS });
  try {
    for (const call of callNumbers)
      await provisionTaxi(storage.db, 'demo', {
        call_number: call,
        color: 'red',
        brand: 'Kia Niro',
        vehicle_registration: `KR ${call}000`,
        password: `secret-${call}`,
      });
  } finally {
    await storage.close();
  }
}

/** A timed order for tomorrow, one minute apart per index, with its call key. */
export function timedOrder(index: number, key = `order-${index}`) {
  const at = new Date(Date.now() + 24 * 3_600_000 + index * 60_000);
  return {
    order_type: 'T',
    date_time: at.toISOString().slice(0, 16).replace('T', ' '),
    poi: PICKUP,
    call_uniqueid: key,
  };
}

export interface DeploymentOptions<Name extends string> {
  /** Started in this order, each with a data folder of that name. */
  processes: readonly Name[];
  redisUrl: string;
  /** The fresh database's name (with the process id) when there is no DATABASE_URL. */
  database: string;
  /** Call numbers, provisioned before any process starts (provisionTaxis). */
  taxis: string[];
  env?: Record<string, string>;
  /** Adds to the corporation file (its `fleet`, say). */
  corporation?: Record<string, unknown>;
}

/**
 * Server processes of one deployment over the town (TOWN_FILE): one PostgreSQL (the test schema
 * under DATABASE_URL, else a fresh database on the machine's), one Redis and one order-secret
 * key, as every server of a deployment shares; killed when the test ends, then the database
 * dropped.
 */
export async function startDeployment<const Name extends string>(options: DeploymentOptions<Name>) {
  const started: ServerProcess[] = [];
  let fresh = '';
  // Registered before the test schema's own drop, so that the processes are gone before it.
  after(async () => {
    await Promise.all(started.map((server) => server.kill()));
    if (fresh) await dropDatabase(fresh);
  });
  let databaseUrl = await testDatabaseUrl();
  if (!databaseUrl) {
    const wanted = `postgres://postgres@127.0.0.1:5432/${options.database}_${process.pid}`;
    databaseUrl = fresh = (await freshDatabase(wanted)) ?? '';
  }
  assert.ok(databaseUrl, 'needs PostgreSQL on 127.0.0.1:5432');
  const corporation = taxiCorporation('demo', ['127.0.0.1'], {
    geo: { extract: TOWN_FILE },
    ...options.corporation,
  });
  const redisPrefix = `taxi-test-${process.pid}-${Date.now()}:`;
  const env = processEnv(corporation, {
    DATABASE_URL: databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: redisPrefix,
    DISPATCH_TICK_MS: '300',
    // Every server of a deployment derives the same order secrets (docs/configuration.md, ORDER_SECRET_KEY).
    ORDER_SECRET_KEY: randomBytes(32).toString('base64url'),
    ...options.env,
  });
  await provisionTaxis({ databaseUrl, dataDir: env.DATA_DIR }, options.taxis);
  const servers = {} as Record<Name, ServerProcess>;
  for (const name of options.processes) {
    servers[name] = await startServerProcess({ ...env, DATA_DIR: path.join(env.DATA_DIR, name) });
    started.push(servers[name]);
  }
  return { databaseUrl, env, redisPrefix, servers };
}
