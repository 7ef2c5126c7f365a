import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { openStorage } from '../../src/db/storage.ts';
import { MIGRATIONS } from '../../src/modules.ts';
import { isErrorCode } from '@taxi/contract';
import type { Reply } from '../support/api.ts';
import { taxiCorporation } from '../support/fixtures.ts';
import { post, signInPassenger } from '../support/process-calls.ts';
import { processEnv, provisionTaxis, timedOrder } from '../support/process-setup.ts';
import { startServerProcess } from '../support/server-process.ts';

/** No call may take longer, the disk full or the database locked. */
const CALL_BOUND_MS = 3_000;
/** The write lock is held this long, far past SQLite's busy timeout. */
const HELD_MS = 6_000;
/** Nothing else may wait longer for the database while the lock is held. */
const BLOCK_BOUND_MS = 1_000;

function setUp() {
  const env = processEnv(taxiCorporation('demo', ['127.0.0.1']), {
    // SQLite on purpose, also when the suite runs on PostgreSQL (npm run test:pg).
    DATABASE_URL: '',
    ORDER_SAVE_PER_CLIENT_PER_HOUR: '10000',
    OPEN_SCHEDULED_ORDERS_PER_CLIENT: '10000',
  });
  return { env, file: path.join(env.DATA_DIR, 'taxi.sqlite') };
}

/** A client call, timed; a failure must be a catalogue error in HTTP 200 within the bound. */
async function call(base: string, body: Record<string, unknown>) {
  const started = performance.now();
  const reply = await post(base, '/api/2/', body);
  const ms = performance.now() - started;
  if (reply.status === 'ERR') assert.ok(isErrorCode(reply.error_data), JSON.stringify(reply));
  else assert.equal(reply.status, 'OK', JSON.stringify(reply));
  assert.ok(ms <= CALL_BOUND_MS, `${body.action_id} took ${Math.round(ms)} ms`);
  return { reply, ms };
}

async function listedIds(base: string, auth: string): Promise<number[]> {
  const { reply } = await call(base, { action_id: 'GET_CURRENT_ORDERS', auth });
  return (reply.data_list as Reply[]).map((order) => order.order_id as number).sort();
}

test(
  'disk full: saves fail with a catalogue error, nothing acknowledged is lost',
  { timeout: 90_000 },
  async () => {
    const { env, file } = setUp();
    // The schema first, then the server with files limited to that size and 64 KiB more
    // (RLIMIT_FSIZE: a write past it fails with EFBIG, as on a full disk).
    await (await openStorage({ migrations: MIGRATIONS, dataDir: env.DATA_DIR })).close();
    const limit = fs.statSync(file).size + 64 * 1024;
    const full = await startServerProcess(env, { prefix: ['prlimit', `--fsize=${limit}`] });
    after(full.kill);
    const auth = await signInPassenger(full.base, '+48607100001');

    const acknowledged: number[] = [];
    const failed: { code: string; ms: number }[] = [];
    for (let index = 0; failed.length < 5 && index < 1000; index++) {
      const { reply, ms } = await call(full.base, {
        action_id: 'ORDER_SAVE',
        auth,
        order: timedOrder(index),
      });
      if (reply.status === 'OK') acknowledged.push(reply.order_id);
      else failed.push({ code: reply.error_data, ms });
    }
    assert.ok(acknowledged.length > 0, 'saves went through before the disk filled');
    assert.equal(failed.length, 5, 'the disk filled');
    assert.deepEqual(new Set(failed.map((f) => f.code)), new Set(['EXCEPTION']));
    // Reads go on, and the retry of an acknowledged save answers its order.
    assert.deepEqual(await listedIds(full.base, auth), [...acknowledged].sort());
    const retry = await call(full.base, {
      action_id: 'ORDER_SAVE',
      auth,
      order: timedOrder(acknowledged.length - 1),
    });
    assert.equal(retry.reply.order_id, acknowledged.at(-1));
    await full.kill();

    // Space again (no limit): every acknowledged order is there and saves work.
    const freed = await startServerProcess(env);
    after(freed.kill);
    assert.deepEqual(await listedIds(freed.base, auth), [...acknowledged].sort());
    const next = await call(freed.base, { action_id: 'ORDER_SAVE', auth, order: timedOrder(999) });
    assert.equal(next.reply.status, 'OK');
    console.log(
      `disk full (files limited to ${Math.round(limit / 1024)} KiB): ${acknowledged.length} saves acknowledged and kept, ` +
        `then ${failed.map((f) => `${f.code} in ${Math.round(f.ms)} ms`).join(', ')}`,
    );
  },
);

test(
  'SQLite busy: another connection holding the write lock past busy_timeout fails saves, blocks nothing',
  { timeout: 90_000 },
  async () => {
    const { env, file } = setUp();
    await provisionTaxis({ dataDir: env.DATA_DIR }, ['7']);
    const server = await startServerProcess(env);
    after(server.kill);
    const passengers = await Promise.all(
      ['+48607100002', '+48607100003', '+48607100004'].map((phone) =>
        signInPassenger(server.base, phone),
      ),
    );
    const first = await call(server.base, {
      action_id: 'ORDER_SAVE',
      auth: passengers[0],
      order: timedOrder(0),
    });
    assert.equal(first.reply.status, 'OK');
    const login = await post(
      server.base,
      '/driver/api/1/',
      { action_id: 'LOGIN', call_number: '7', password: 'secret-7' },
      false,
    );
    const report = (n: number) =>
      post(
        server.base,
        '/driver/api/1/',
        {
          action_id: 'TAXI_POSITION',
          token: login.token,
          lat: 50.06 + n / 1e4,
          lng: 19.93,
          state: 'W',
        },
        false,
      );

    const free = await post(
      server.base,
      '/driver/api/1/',
      { action_id: 'TAXI_POSITION', token: login.token, lat: 50.06, lng: 19.93, state: 'W' },
      false,
    );
    assert.equal(free.status, 'OK');

    // The operator's tool (or anything else) holds the write lock past SQLite's busy timeout
    // (200 ms) while passengers save and read and a taxi reports (its positions are written every 2 s).
    const holder = new SQLite(file);
    after(() => holder.close());
    holder.exec('BEGIN EXCLUSIVE');
    const heldAt = performance.now();
    const saves = await Promise.all(
      passengers.map((auth, n) =>
        call(server.base, { action_id: 'ORDER_SAVE', auth, order: timedOrder(n + 1) }),
      ),
    );
    let slowestRead = 0;
    for (let n = 0; performance.now() - heldAt < HELD_MS; n++) {
      const reported = await report(n);
      assert.equal(reported.status, 'OK', JSON.stringify(reported));
      const read = await call(server.base, {
        action_id: 'GET_CURRENT_ORDERS',
        auth: passengers[0],
      });
      slowestRead = Math.max(slowestRead, read.ms);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    holder.exec('ROLLBACK');
    assert.deepEqual(
      saves.map((s) => s.reply.error_data),
      ['EXCEPTION', 'EXCEPTION', 'EXCEPTION'],
    );
    assert.ok(slowestRead <= BLOCK_BOUND_MS, `a read waited ${Math.round(slowestRead)} ms`);

    // The lock gone, the same saves go through and the acknowledged one is still there.
    for (const [n, auth] of passengers.entries()) {
      const again = await call(server.base, {
        action_id: 'ORDER_SAVE',
        auth,
        order: timedOrder(n + 1),
      });
      assert.equal(again.reply.status, 'OK');
    }
    assert.ok((await listedIds(server.base, passengers[0]!)).includes(first.reply.order_id));
    console.log(
      `SQLite busy (write lock held ${Math.round(performance.now() - heldAt)} ms): saves ${saves.map((s) => `${s.reply.error_data} in ${Math.round(s.ms)} ms`).join(', ')}; ` +
        `slowest read meanwhile ${Math.round(slowestRead)} ms`,
    );
  },
);
