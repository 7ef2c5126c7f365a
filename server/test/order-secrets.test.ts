// Order secrets: derived from the deployment's key, stored only as hashes, checked in constant
// time; orders saved before that keep their links (migration 0008).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { configFromEnv } from '../src/base/config.ts';
import { MIGRATIONS } from '../src/modules.ts';
import { KEY_FILE, secretHash } from '../src/orders/secrets.ts';
import { setOrderState } from '../src/orders/store.ts';
import { assertErr, assertOk, call, rateCall, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { startApp, tempDir, testDatabaseUrl } from './support/helpers.ts';

const corporations = [taxiCorporation('demo', ['localhost'])];
const order = { order: { poi: { lat: 50.06, lng: 19.94 } } };

describe('order secrets', () => {
  test('the database keeps only a hash; the owner gets the secret back; links still work', async () => {
    const server = await startApp({ corporations });
    const { app } = server;
    const token = await signIn(app, '+48607000001');
    const saved = assertOk(await call(app, 'ORDER_SAVE', order, { token }));
    const { track } = saved;
    assert.match(track.secret, /^[A-Za-z0-9_-]{32}$/);
    const row = await app.services.storage.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', saved.order_id)
      .executeTakeFirstOrThrow();
    assert.ok(!Object.values(row).includes(track.secret), 'no column holds the secret');
    assert.equal(row.secret_hash, secretHash(track.secret));
    const current = assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token }));
    assert.deepEqual(current.data_list[0].track, track);
    assertOk(await rateCall(app, 'GET_RATE', track));
    assertErr(
      await rateCall(app, 'GET_RATE', { ...track, secret: track.secret.toUpperCase() }),
      'ORDER_ACCESS_DENIED',
    );
    // The development key was made once, for the server's user alone.
    const keyFile = path.join(server.config.dataDir, KEY_FILE);
    assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
    // In-process, not the operator CLI: its spawnSync would stall this event loop while a
    // dispatch transaction of the app holds the row (PostgreSQL) and wait for it forever.
    await setOrderState(app.services.storage.db, 'demo', track.order_short_id, 'Z', Date.now());
    const history = assertOk(await call(app, 'GET_CLIENT_ORDER_HISTORY', {}, { token }));
    assert.deepEqual(history.history[0].track, track);
  });

  test('the key: the same file on a restart, ORDER_SECRET_KEY shared, required in production', async () => {
    const dataDir = tempDir();
    const first = await startApp({ corporations, config: { dataDir } });
    const token = await signIn(first.app, '+48607000002');
    const { track } = assertOk(await call(first.app, 'ORDER_SAVE', order, { token }));
    await first.app.close();
    const again = await startApp({
      corporations,
      config: { dataDir, databaseUrl: first.config.databaseUrl },
    });
    const current = assertOk(await call(again.app, 'GET_CURRENT_ORDERS', {}, { token }));
    assert.deepEqual(current.data_list[0].track, track);
    // Closed here: the first app's schema (PostgreSQL) is dropped after the test, with it.
    await again.app.close();

    // Two servers of one deployment (one database) with the same key give the same link; a
    // server with another key gives another.
    const key = 'ab'.repeat(32);
    const a = await startApp({ corporations, config: { orderSecretKey: key } });
    const shared = { dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl };
    const b = await startApp({ corporations, config: { orderSecretKey: key, ...shared } });
    const tokenA = await signIn(a.app, '+48607000003');
    const saved = assertOk(await call(a.app, 'ORDER_SAVE', order, { token: tokenA }));
    const fromB = assertOk(await call(b.app, 'GET_CURRENT_ORDERS', {}, { token: tokenA }));
    assert.deepEqual(fromB.data_list[0].track, saved.track);
    const c = await startApp({
      corporations,
      config: { orderSecretKey: 'cd'.repeat(32), ...shared },
    });
    const fromC = assertOk(await call(c.app, 'GET_CURRENT_ORDERS', {}, { token: tokenA }));
    assert.notEqual(fromC.data_list[0].track.secret, saved.track.secret);
    assert.ok(!fs.existsSync(path.join(a.config.dataDir, KEY_FILE)), 'no key file is made');
    await Promise.all([b.app.close(), c.app.close()]);

    assert.throws(
      () => configFromEnv({ NODE_ENV: 'production', SMS_HTTP_URL: 'https://sms.example/' }),
      /ORDER_SECRET_KEY/,
    );
    await assert.rejects(
      startApp({ corporations, config: { orderSecretKey: 'too-short' } }),
      /ORDER_SECRET_KEY/,
    );
  });

  test('an order saved before secrets were hashed keeps its link, and its owner gets a new one', async () => {
    // A database as release 0007 left it: one order with its secret in clear.
    const databaseUrl = await testDatabaseUrl();
    const dataDir = tempDir();
    const engine = databaseUrl ? 'postgres' : 'sqlite';
    fs.mkdirSync(dataDir, { recursive: true });
    // Kysely<any>: the tables as they were, not as the modules' tables.ts declare them now.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const old: Kysely<any> = databaseUrl
      ? new Kysely({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }),
        })
      : new Kysely({
          dialect: new SqliteDialect({
            database: new SQLite(path.join(dataDir, 'taxi.sqlite')),
          }),
        });
    const schema = new URL(databaseUrl || 'sqlite:x').searchParams.get('options')?.split('=')[1];
    const migrator = new Migrator({
      db: old,
      provider: { getMigrations: async () => MIGRATIONS(engine) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateTo('0007_dispatch');
    assert.equal(error, undefined);
    const now = Date.now();
    const client = await old
      .insertInto('clients')
      .values({ corporation_id: 'demo', phone: '+48607000004', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const legacy = { order_short_id: 'OLDLINK2', secret: 'the-old-random-secret-of-order-1' };
    await old
      .insertInto('orders')
      .values({
        corporation_id: 'demo',
        client_id: client.id,
        short_id: legacy.order_short_id,
        secret: legacy.secret,
        order_type: 'Z',
        state: 'U',
        taxi_count: 1,
        form: JSON.stringify({ poi: { lat: 50.06, lng: 19.94 }, dst: null }),
        hidden_in_history: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await old.destroy();

    const { app } = await startApp({ corporations, config: { dataDir, databaseUrl } });
    const row = await app.services.storage.db
      .selectFrom('orders')
      .selectAll()
      .executeTakeFirstOrThrow();
    assert.ok(!Object.values(row).includes(legacy.secret), 'the clear secret is gone');
    assertOk(await rateCall(app, 'GET_RATE', legacy));
    const token = await signIn(app, '+48607000004');
    const [current] = assertOk(await call(app, 'GET_CURRENT_ORDERS', {}, { token })).data_list;
    assert.equal(current.track.order_short_id, legacy.order_short_id);
    assert.match(current.track.secret, /^[A-Za-z0-9_-]{32}$/);
    assertOk(await rateCall(app, 'GET_RATE', current.track));
  });
});
