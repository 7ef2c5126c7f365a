/**
 * The migration rule (docs/operations.md, Upgrades): a migration is backward-compatible with the
 * release before it. The previous release is the newest commit of HEAD's first-parent history
 * whose migrations differ from this checkout's, i.e. the code that ran before the newest
 * migration; its server and contract come out of git history into a temporary folder (this
 * checkout's node_modules linked in), it starts on a fresh database (SQLite, or a schema of
 * DATABASE_URL under test:pg) and serves while this code's `taxi-operator migrate` runs, as in a
 * rolling upgrade; then its core calls still work on the new schema.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MIGRATIONS } from '../src/modules.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { tempDir, testDatabaseUrl } from './support/helpers.ts';
import { trackingSocket, trackLogin } from './support/live.ts';
import { post, signInPassenger } from './support/process-calls.ts';
import { processEnv, timedOrder } from './support/process-setup.ts';
import { startServerProcess } from './support/server-process.ts';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const REPO = path.dirname(SERVER);
const CLI = path.join(SERVER, 'src/cli.ts');
/** Where each concern declares its migrations, one `'NNNN_name': {` a line (src/modules.ts lists them). */
const TABLES = 'server/src/*/tables.ts';
const MIGRATION_LINE = /^ {2}'(\d{4}_[a-z0-9_]+)': \{$/gm;

function git(...args: string[]): string {
  return execFileSync('git', ['-C', REPO, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
}

function namesIn(text: string): string[] {
  return [...text.matchAll(MIGRATION_LINE)].map((match) => match[1]!).sort();
}

/** The migration names a commit declares. */
function migrationsAt(commit: string): string[] {
  const files = git('ls-tree', '-r', '--name-only', commit, '--', 'server/src').split('\n');
  const tables = files.filter((file) => path.matchesGlob(file, TABLES));
  return namesIn(tables.map((file) => git('show', `${commit}:${file}`)).join('\n'));
}

/** The newest commit before the newest migration; fails (never skips) without the history. */
function previousRelease(current: string[]): string {
  let shallow: string;
  try {
    shallow = git('rev-parse', '--is-shallow-repository').trim();
  } catch (error) {
    throw new Error("schema-compat needs this checkout's git history", { cause: error });
  }
  assert.equal(
    shallow,
    'false',
    'schema-compat needs the whole git history: clone without --depth',
  );
  const commits = git('rev-list', '--first-parent', 'HEAD', '--', 'server/src').split('\n');
  for (const commit of commits.filter(Boolean))
    if (migrationsAt(commit).join() !== current.join()) return commit;
  throw new Error('no commit before the newest migration in the history');
}

/** The commit's server and contract in a folder of their own, on this checkout's packages. */
function extract(commit: string): string {
  const root = tempDir('taxi-previous-release-');
  const archive = execFileSync(
    'git',
    ['-C', REPO, 'archive', commit, 'server/src', 'server/package.json', 'contract'],
    { maxBuffer: 1 << 28 },
  );
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  const modules = path.join(root, 'server/node_modules');
  fs.mkdirSync(path.join(modules, '@taxi'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(SERVER, 'node_modules')))
    if (entry !== '@taxi')
      fs.symlinkSync(path.join(SERVER, 'node_modules', entry), path.join(modules, entry));
  // The old server reads the old wire contract, not this checkout's.
  fs.symlinkSync(path.join(root, 'contract'), path.join(modules, '@taxi/contract'));
  return path.join(root, 'server/src/main.ts');
}

test(
  "the previous release's server serves on this code's schema: sign-in, ORDER_SAVE, the tracking socket",
  { timeout: 60_000 },
  async () => {
    const current = Object.keys(MIGRATIONS('sqlite')).sort();
    // The lines this test reads must be every migration the code runs.
    const declared = fs
      .globSync(TABLES, { cwd: REPO })
      .map((file) => fs.readFileSync(path.join(REPO, file), 'utf8'));
    assert.deepEqual(namesIn(declared.join('\n')), current);
    const previous = previousRelease(current);
    const older = migrationsAt(previous);
    const added = current.filter((name) => !older.includes(name));
    assert.ok(added.length > 0, `${previous} declares migrations this code does not`);
    const oldMain = extract(previous);

    const databaseUrl = await testDatabaseUrl();
    const env = processEnv(taxiCorporation('demo', ['127.0.0.1']), { DATABASE_URL: databaseUrl });
    const old = await startServerProcess(env, { main: oldMain });
    after(() => old.kill());
    const auth = await signInPassenger(old.base, '+48605550001');
    const before = await post(old.base, '/api/2/', {
      action_id: 'ORDER_SAVE',
      auth,
      order: timedOrder(0),
    });
    assert.equal(before.status, 'OK', JSON.stringify(before));

    // This code's migrations run under the old server, as the first step of an upgrade does.
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'migrate'], {
      env: { ...process.env, ...env },
    });
    assert.match(stdout, new RegExp(`applied ${added.join(', ')}$`, 'm'));

    const signedIn = await signInPassenger(old.base, '+48605550002');
    const saved = await post(old.base, '/api/2/', {
      action_id: 'ORDER_SAVE',
      auth: signedIn,
      order: timedOrder(1),
    });
    assert.equal(saved.status, 'OK', JSON.stringify(saved));
    const listed = await post(old.base, '/api/2/', { action_id: 'GET_CURRENT_ORDERS', auth });
    assert.equal(listed.status, 'OK', JSON.stringify(listed));
    assert.deepEqual(
      (listed.data_list as { order_id: number }[]).map((order) => order.order_id),
      [before.order_id],
    );
    for (const order of [before, saved]) {
      const socket = await trackingSocket(old.base.replace('http://', ''), '127.0.0.1');
      const login = await trackLogin(socket, order.track);
      assert.equal(login.status, 'OK', JSON.stringify(login));
      const update = await socket.update((record) => record.order_id === order.order_id);
      assert.equal(update.order.state, 'U');
      socket.close();
    }
    console.log(
      `previous release ${previous.slice(0, 12)} served on the schema with ${added.join(', ')}`,
    );
  },
);
