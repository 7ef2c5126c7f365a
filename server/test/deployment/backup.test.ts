import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openStorage } from '../../src/db/storage.ts';
import { MIGRATIONS } from '../../src/modules.ts';
import { taxiCorporation } from '../support/fixtures.ts';
import { tempDir } from '../support/helpers.ts';
import { trackingSocket, trackLogin } from '../support/live.ts';
import { dropDatabase, freshDatabase } from '../support/postgres.ts';
import { post, signInPassenger } from '../support/process-calls.ts';
import { processEnv, timedOrder } from '../support/process-setup.ts';
import { startServerProcess } from '../support/server-process.ts';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const PASSENGERS = 4;

async function operator(env: Record<string, string>, ...args: string[]) {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
  });
  return stdout.trim();
}

interface Acknowledged {
  auth: string;
  orderId: number;
  track: { order_short_id: string; secret: string };
  at: number;
}

/**
 * A server under a load of ORDER_SAVE is backed up; the backup restored into `restored` (a fresh
 * data folder or database) and served by a new process with the same ORDER_SECRET_KEY: every
 * order acknowledged before the backup began is there, its ride link opens, its passenger is
 * still signed in.
 */
async function backupUnderLoad(databaseUrl: string, restoredUrl: string) {
  const key = randomBytes(32).toString('base64url');
  const env = processEnv(taxiCorporation('demo', ['127.0.0.1']), {
    DATABASE_URL: databaseUrl,
    ORDER_SECRET_KEY: key,
    ORDER_SAVE_PER_CLIENT_PER_HOUR: '10000',
    OPEN_SCHEDULED_ORDERS_PER_CLIENT: '10000',
  });
  const server = await startServerProcess(env);
  after(() => server.kill());
  const passengers = await Promise.all(
    Array.from({ length: PASSENGERS }, (_, n) => signInPassenger(server.base, `+4860550000${n}`)),
  );
  const acknowledged: Acknowledged[] = [];
  let running = true;
  const saver = async (auth: string, n: number) => {
    for (let index = 0; running; index++) {
      const saved = await post(server.base, '/api/2/', {
        action_id: 'ORDER_SAVE',
        auth,
        order: timedOrder(n * 10_000 + index, `p${n}-${index}`),
      });
      assert.equal(saved.status, 'OK', JSON.stringify(saved));
      acknowledged.push({
        auth,
        orderId: saved.order_id,
        track: saved.track,
        at: performance.now(),
      });
    }
  };
  const load = Promise.all(passengers.map(saver));
  load.catch(() => {});
  while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 50));

  const file = path.join(tempDir(), databaseUrl ? 'taxi.dump' : 'taxi.sqlite');
  const began = performance.now();
  const paths = { DATABASE_URL: databaseUrl, DATA_DIR: env.DATA_DIR, CORP_DIR: env.CORP_DIR };
  await operator(paths, 'backup', file);
  const during = acknowledged.filter((order) => order.at > began).length;
  running = false;
  await load;
  const before = acknowledged.filter((order) => order.at < began);
  await server.stop();

  const restoredDir = path.join(tempDir(), 'data');
  const restoredPaths = { ...paths, DATABASE_URL: restoredUrl, DATA_DIR: restoredDir };
  await operator(restoredPaths, 'restore', file);
  const check = await openStorage({
    migrations: MIGRATIONS,
    databaseUrl: restoredUrl,
    dataDir: restoredDir,
  });
  const ids = new Set(
    (await check.db.selectFrom('orders').select('id').execute()).map((row) => row.id),
  );
  await check.close();
  for (const order of before) assert.ok(ids.has(order.orderId), `order ${order.orderId} lost`);

  const restored = await startServerProcess({ ...env, ...restoredPaths });
  after(() => restored.kill());
  // Passengers stay signed in and see their orders.
  for (const auth of passengers) {
    const current = await post(restored.base, '/api/2/', { action_id: 'GET_CURRENT_ORDERS', auth });
    assert.equal(current.status, 'OK', JSON.stringify(current));
    const listed = new Set((current.data_list as { order_id: number }[]).map((o) => o.order_id));
    for (const order of before.filter((o) => o.auth === auth))
      assert.ok(listed.has(order.orderId), `order ${order.orderId} not listed`);
  }
  // The old ride links open their rides.
  for (const order of [before[0]!, before.at(-1)!]) {
    const socket = await trackingSocket(restored.base.replace('http://', ''), '127.0.0.1');
    assert.equal((await trackLogin(socket, order.track)).status, 'OK');
    socket.close();
  }
  return { before: before.length, during, total: acknowledged.length };
}

test(
  'SQLite: a backup under a load of ORDER_SAVE restores every acknowledged order, link and sign-in',
  { timeout: 120_000 },
  async () => {
    const figures = await backupUnderLoad('', '');
    console.log(
      `SQLite backup under load: ${figures.before} orders acknowledged before it began, all restored; ${figures.during} more acknowledged while it ran`,
    );
  },
);

test('PostgreSQL: the same with pg_dump and pg_restore', { timeout: 120_000 }, async () => {
  const base = `postgres://postgres@127.0.0.1:5432/taxi_backup_${process.pid}`;
  const source = await freshDatabase(base);
  const target = await freshDatabase(`${base}_restored`);
  assert.ok(source && target, 'needs PostgreSQL on 127.0.0.1:5432');
  after(async () => {
    await dropDatabase(source);
    await dropDatabase(target);
  });
  const figures = await backupUnderLoad(source, target);
  console.log(
    `PostgreSQL backup under load: ${figures.before} orders acknowledged before it began, all restored; ${figures.during} more acknowledged while it ran`,
  );
});
