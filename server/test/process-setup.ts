/** What the fault and scale-out tests share: a server process's folders, taxis, timed orders. */
import path from 'node:path';
import { openStorage, type StorageOptions } from '../src/db/storage.ts';
import { provisionTaxi } from '../src/driver/accounts.ts';
import { tempDir, writeFile } from './helpers.ts';

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
export async function provisionTaxis(database: StorageOptions, callNumbers: string[]) {
  const storage = await openStorage(database);
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
