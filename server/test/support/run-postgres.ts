/**
 * npm run test:pg: the tests whose storage follows DATABASE_URL (test/*.test.ts) again on the
 * local PostgreSQL, in a database made fresh for the run (each test app then works in a schema
 * of its own). The tests of test/deployment/ (storage of their own) and test/stateless/ (nothing
 * stored) run once, in `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { dropDatabase, freshDatabase } from './postgres.ts';

// A database of this run's own, so that two runs on one machine never drop each other's.
const wanted =
  process.env.TEST_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/taxi_server_test_${process.pid}`;
const url = await freshDatabase(wanted);
if (!url) {
  console.error(`test:pg: PostgreSQL is not reachable at ${wanted}`);
  process.exit(1);
}
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', 'test/*.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
if (!process.env.TEST_DATABASE_URL) await dropDatabase(url);
process.exit(run.status ?? 1);
