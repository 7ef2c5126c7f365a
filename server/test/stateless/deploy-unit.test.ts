/**
 * The systemd unit the project ships (server/deploy/taxi-server@.service, docs/operations.md,
 * Production layout) against the server it runs: the command exists, every variable it and its
 * environment file set is one the server reads, a stop outlasts the drain, the hardening is
 * there, and systemd's own checker accepts it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { configFromEnv } from '../../src/base/config.ts';
import { tempDir } from '../support/helpers.ts';

const SERVER = fileURLToPath(new URL('../..', import.meta.url));
const REPO = path.dirname(SERVER);
const UNIT_FILE = path.join(SERVER, 'deploy/taxi-server@.service');
const ENV_FILE = path.join(SERVER, 'deploy/taxi-server.env');
/** Where the unit expects the release it runs: a copy of this repository. */
const RELEASE_ROOT = '/opt/taxi/current/';

type Unit = Record<string, [string, string][]>;

function parseUnit(text: string): Unit {
  const unit: Unit = {};
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      unit[section] = [];
      continue;
    }
    const at = line.indexOf('=');
    assert.ok(section && at > 0, `not a unit line: ${line}`);
    unit[section]!.push([line.slice(0, at), line.slice(at + 1)]);
  }
  return unit;
}

const unit = parseUnit(fs.readFileSync(UNIT_FILE, 'utf8'));
const service = unit.Service ?? [];
const all = (key: string) => service.filter(([k]) => k === key).map(([, value]) => value);
function one(key: string): string {
  const values = all(key);
  assert.equal(values.length, 1, `${key}= once in [Service]`);
  return values[0]!;
}

/** `NAME=value` lines: the unit's Environment= entries, or the environment file's lines. */
function assignments(lines: string[]): Map<string, string> {
  return new Map(
    lines.map((line) => {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      assert.ok(match, `not NAME=value: ${line}`);
      return [match[1]!, match[2]!] as const;
    }),
  );
}
const unitEnv = assignments(all('Environment'));
const fileEnv = assignments(
  fs
    .readFileSync(ENV_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#')),
);

/** Every variable the server's code reads from its environment. */
function serverVariables(): Set<string> {
  const names = new Set<string>();
  for (const file of fs.globSync('src/**/*.ts', { cwd: SERVER })) {
    const text = fs.readFileSync(path.join(SERVER, file), 'utf8');
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1]!);
  }
  return names;
}

test("ExecStart runs this release's server, from a folder of the release", () => {
  const [node, main, ...rest] = one('ExecStart').split(/\s+/);
  assert.ok(path.isAbsolute(node!), `${node} is an absolute path`);
  assert.deepEqual(rest, []);
  assert.ok(main!.startsWith(RELEASE_ROOT), `${main} is in ${RELEASE_ROOT}`);
  const bin = (
    JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    }
  ).bin['taxi-server']!;
  assert.equal(main!.slice(RELEASE_ROOT.length), path.join('server', bin));
  assert.ok(fs.existsSync(path.join(REPO, main!.slice(RELEASE_ROOT.length))));
  const directory = one('WorkingDirectory');
  assert.ok(directory.startsWith(RELEASE_ROOT));
  assert.ok(fs.statSync(path.join(REPO, directory.slice(RELEASE_ROOT.length))).isDirectory());
});

test('every variable the unit and its environment file set is one the server reads', () => {
  const known = serverVariables();
  // The test reads the names as config.ts does: a name it misses would fail every line below.
  for (const name of ['PORT', 'DATABASE_URL', 'DRAIN_NOTICE_MS']) assert.ok(known.has(name));
  for (const name of [...unitEnv.keys(), ...fileEnv.keys()])
    assert.ok(known.has(name), `${name} is not read by server/src`);
  assert.equal(unitEnv.get('PORT'), '%i', 'one process per instance port');
  assert.equal(unitEnv.get('NODE_ENV'), 'production');
  assert.deepEqual(all('EnvironmentFile'), ['/etc/taxi/server.env']);
  for (const name of ['DATA_DIR', 'CORP_DIR', 'RELEASES_DIR'])
    assert.ok(!fileEnv.has(name), `${name} is the unit's, so that the sandbox matches it`);
});

test('a stop waits for the drain: TimeoutStopSec above DRAIN_NOTICE_MS and the drain limit', () => {
  const main = fs.readFileSync(path.join(SERVER, 'src/main.ts'), 'utf8');
  const limit = /const DRAIN_LIMIT_MS = ([\d_]+);/.exec(main);
  assert.ok(limit, 'src/main.ts names DRAIN_LIMIT_MS');
  const drainLimitMs = Number(limit[1]!.replaceAll('_', ''));
  const noticeMs = configFromEnv({ DRAIN_NOTICE_MS: fileEnv.get('DRAIN_NOTICE_MS') }).drainNoticeMs;
  const stop = /^(\d+)s$/.exec(one('TimeoutStopSec'));
  assert.ok(stop, 'TimeoutStopSec in seconds');
  assert.ok(
    Number(stop[1]) * 1000 > noticeMs + drainLimitMs,
    `TimeoutStopSec ${stop[1]} s above ${noticeMs} + ${drainLimitMs} ms`,
  );
  assert.equal(one('KillSignal'), 'SIGTERM');
  assert.equal(one('Restart'), 'on-failure');
});

test('hardening: its own user, no new privileges, a read-only system but for DATA_DIR and the shared folders', () => {
  assert.notEqual(one('User'), 'root');
  assert.equal(one('NoNewPrivileges'), 'yes');
  assert.equal(one('ProtectSystem'), 'strict');
  assert.equal(one('PrivateTmp'), 'yes');
  assert.equal(one('CapabilityBoundingSet'), '');
  // V8 writes the machine code it runs: MemoryDenyWriteExecute would stop the process.
  assert.deepEqual(all('MemoryDenyWriteExecute'), []);
  // DATA_DIR is the state directory systemd creates for the instance and leaves writable.
  assert.equal(unitEnv.get('DATA_DIR'), `/var/lib/${one('StateDirectory')}`);
  const writable = one('ReadWritePaths').split(/\s+/);
  for (const name of ['CORP_DIR', 'RELEASES_DIR'])
    assert.ok(writable.includes(unitEnv.get(name)!), `${name} is writable (the release API pins)`);
});

test('systemd-analyze verify accepts the unit', () => {
  const found = spawnSync('systemd-analyze', ['--version']);
  assert.equal(found.error, undefined, 'systemd-analyze is missing: scripts/ensure-services.sh');
  // An instance of the template, with this machine's node in ExecStart: the build machine
  // need not have /usr/bin/node, and systemd checks that the command is executable.
  const folder = tempDir();
  const text = fs
    .readFileSync(UNIT_FILE, 'utf8')
    .replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`);
  fs.writeFileSync(path.join(folder, 'taxi-server@.service'), text);
  const verified = spawnSync(
    'systemd-analyze',
    ['verify', '--man=no', path.join(folder, 'taxi-server@3001.service')],
    { encoding: 'utf8' },
  );
  assert.equal(verified.stderr, '');
  assert.equal(verified.status, 0);
});
