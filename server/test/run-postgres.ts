/**
 * npm run test:pg: the whole suite again on the local PostgreSQL, in a database made fresh for
 * the run (each test app then works in a schema of its own).
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/taxi_server_test');
const name = url.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`test database name: ${name}`);

const maintenance = new URL(url);
maintenance.pathname = '/postgres';
const admin = new pg.Client({ connectionString: maintenance.toString() });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();

const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', 'test/**/*.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString() },
});
process.exit(run.status ?? 1);
