import { spawnSync } from 'node:child_process';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openStorage } from '../../src/db/storage.ts';
import { MIGRATIONS } from '../../src/modules.ts';
import type { TestServer } from './helpers.ts';

/** A corporation with features, a tariff and a time zone, as the API tests need. */
export function taxiCorporation(
  id: string,
  hostnames: string[],
  overrides: Record<string, unknown> = {},
) {
  return {
    id,
    hostnames,
    timezone: 'Europe/Warsaw',
    settings: {
      corp: `Taxi ${id}`,
      corp_legal: false,
      rate: true,
      currency: 'zł',
      locale_lang_default: 'en',
    },
    releases: {},
    taxi_feature_category_list: [
      { id: 1, name: { pl: 'Pojazd', en: 'Vehicle' } },
      { id: 2, name: { pl: 'Dodatki', en: 'Extras' } },
    ],
    taxi_features: [
      {
        id: 1,
        name: { pl: 'Kombi', en: 'Estate car' },
        category_id: 1,
        surcharge_enabled: true,
        surcharge_t1: 5,
        surcharge_t2: 7,
      },
      {
        id: 3,
        name: { pl: 'Zwierzę', en: 'Pet' },
        category_id: 2,
        surcharge_enabled: false,
        surcharge_t1: 10,
        surcharge_t2: 10,
      },
    ],
    tariff: {
      start_fee: 10,
      per_km: { t1: 3, t2: 4 },
      per_minute: 0,
      minimum_price: 0,
      t2_hours: { from: 22, to: 6 },
      t2_on_sundays: true,
    },
    routing: { detour_factor: 1, speed_kmh: 30 },
    sms: { countries: ['PL'] },
    ...overrides,
  };
}

/** Runs the operator CLI against a test server's folders and database. */
export function operator(
  server: TestServer,
  ...args: string[]
): { status: number | null; stdout: string; stderr: string } {
  const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
  const result = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      CORP_DIR: server.config.corpDir,
      DATA_DIR: server.config.dataDir,
      DATABASE_URL: server.config.databaseUrl,
    },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A second connection to a test server's database, for rows no API writes yet (taxis). */
export async function testStorage(server: TestServer) {
  const storage = await openStorage({
    migrations: MIGRATIONS,
    databaseUrl: server.config.databaseUrl,
    dataDir: server.config.dataDir,
  });
  after(() => storage.close());
  return storage;
}
