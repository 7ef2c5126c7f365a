/**
 * npm run test:pg: the whole suite again on the local PostgreSQL, in a database made fresh for
 * the run (each test app then works in a schema of its own).
 */
import { spawnSync } from 'node:child_process';
import { freshDatabase } from './postgres.ts';

const wanted =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/taxi_server_test';
const url = await freshDatabase(wanted);
if (!url) {
  console.error(`test:pg: PostgreSQL is not reachable at ${wanted}`);
  process.exit(1);
}
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', 'test/**/*.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(run.status ?? 1);
