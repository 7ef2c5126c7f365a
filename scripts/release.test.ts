// Channels, pins and rollbacks over temporary folders (node scripts: node --test scripts/).
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openStorage } from '@taxi/server/db/storage';
import { MIGRATIONS } from '@taxi/server/modules';
import { countError, countViews, hourOf, passengerOf } from '@taxi/server/reports/health';
import { createToken } from '@taxi/server/releases/tokens';
import { corporationFile, startApp } from '@taxi/server/test-support/helpers';
import { haltCanary, pin, promote, readHistory, rollback } from '@taxi/server/releases/pointers';
import { remoteServer } from './release/remote.ts';

const run = promisify(execFile);

function mkdirp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

function setUp() {
  const work = mkdtempSync(path.join(tmpdir(), 'taxi-release-'));
  const places = {
    releasesDir: path.join(work, 'releases'),
    corpDir: path.join(work, 'corporations'),
  };
  mkdirSync(places.corpDir, { recursive: true });
  for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
    const dir = path.join(places.releasesDir, 'mf', 'tracking', version);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  }
  const corporation = { id: 'alpha', hostnames: ['alpha.example'], settings: { corp: 'Alpha' } };
  writeFileSync(path.join(places.corpDir, 'alpha.json'), JSON.stringify(corporation));
  const releasesOf = () =>
    (
      JSON.parse(readFileSync(path.join(places.corpDir, 'alpha.json'), 'utf8')) as {
        releases?: object;
      }
    ).releases;
  const channels = () =>
    JSON.parse(readFileSync(path.join(places.releasesDir, 'channels.json'), 'utf8'));
  return { places, releasesOf, channels };
}

test('promote points a channel at a published version, and only a published one', () => {
  const { places, channels } = setUp();
  promote(places, 'tracking', '1.1.0', 'stable');
  promote(places, 'tracking', '1.2.0', 'beta');
  assert.deepEqual(channels(), { tracking: { stable: '1.1.0', beta: '1.2.0' } });
  assert.throws(() => promote(places, 'tracking', '9.9.9', 'stable'), /not published/);
  assert.throws(() => promote(places, 'nonsense', '1.0.0', 'stable'), /unknown part/);
});

test('pin writes the corporation file, keeping the rest of it, with an optional fallback', () => {
  const { places, releasesOf } = setUp();
  pin(places, 'alpha', 'tracking', '1.2.0', { fallback: '1.1.0' });
  assert.deepEqual(releasesOf(), { tracking: { use: '1.2.0', fallback: '1.1.0' } });
  pin(places, 'alpha', 'tracking', 'stable');
  assert.deepEqual(releasesOf(), { tracking: 'stable' });
  const file = JSON.parse(readFileSync(path.join(places.corpDir, 'alpha.json'), 'utf8'));
  assert.deepEqual(file.settings, { corp: 'Alpha' });
  assert.throws(() => pin(places, 'alpha', 'tracking', '3.0.0'), /not published/);
  assert.throws(() => pin(places, 'nobody', 'tracking', '1.0.0'), /no corporation nobody/);
});

test('rollback undoes the newest change, then the one before, and says when nothing is left', () => {
  const { places, releasesOf, channels } = setUp();
  pin(places, 'alpha', 'tracking', '1.0.0');
  pin(places, 'alpha', 'tracking', '1.1.0');
  pin(places, 'alpha', 'tracking', '1.2.0');
  rollback(places, 'corporation:alpha', 'tracking');
  assert.deepEqual(releasesOf(), { tracking: '1.1.0' });
  rollback(places, 'corporation:alpha', 'tracking');
  assert.deepEqual(releasesOf(), { tracking: '1.0.0' });
  rollback(places, 'corporation:alpha', 'tracking');
  assert.deepEqual(releasesOf(), {});
  assert.throws(() => rollback(places, 'corporation:alpha', 'tracking'), /nothing to roll back/);

  promote(places, 'tracking', '1.1.0', 'stable');
  promote(places, 'tracking', '1.2.0', 'stable');
  rollback(places, 'channel:stable', 'tracking');
  assert.deepEqual(channels(), { tracking: { stable: '1.1.0' } });
  const history = readHistory(places);
  assert.equal(history.at(-1)?.undoes, history.at(-2)?.id);
});

test('a canary pin keeps the current release beside it; a plain pin promotes it to everybody', () => {
  const { places, releasesOf } = setUp();
  assert.throws(
    () => pin(places, 'alpha', 'tracking', '1.1.0', { canary: 10 }),
    /has no tracking release to run a canary beside/,
  );
  pin(places, 'alpha', 'tracking', '1.0.0', { fallback: '1.0.0' });
  pin(places, 'alpha', 'tracking', '1.1.0', { canary: 10, by: 'operator' });
  assert.deepEqual(releasesOf(), {
    tracking: { use: '1.0.0', fallback: '1.0.0', canary: { use: '1.1.0', percent: 10 } },
  });
  assert.equal(readHistory(places).at(-1)?.by, 'operator');
  pin(places, 'alpha', 'tracking', '1.1.0', { canary: 50 });
  assert.deepEqual(releasesOf(), {
    tracking: { use: '1.0.0', fallback: '1.0.0', canary: { use: '1.1.0', percent: 50 } },
  });
  assert.throws(() => pin(places, 'alpha', 'tracking', '1.1.0', { canary: 101 }), /0 to 100/);
  assert.throws(() => pin(places, 'alpha', 'tracking', '1.2.9', { canary: 5 }), /not published/);
  assert.throws(() => pin(places, 'alpha', 'host', '1.0.0', { canary: 5 }), /host has no canary/);

  // Halting keeps the canary's release named, at 0 %; a second halt finds nothing to do.
  const halt = haltCanary(places, 'corporation:alpha', 'tracking', {
    by: 'auto_rollback',
    reason: 'test',
  });
  assert.deepEqual(halt?.to, {
    use: '1.0.0',
    fallback: '1.0.0',
    canary: { use: '1.1.0', percent: 0 },
  });
  assert.equal(haltCanary(places, 'corporation:alpha', 'tracking', { by: 'auto_rollback' }), null);
  rollback(places, 'corporation:alpha', 'tracking');
  assert.deepEqual(releasesOf(), {
    tracking: { use: '1.0.0', fallback: '1.0.0', canary: { use: '1.1.0', percent: 50 } },
  });

  pin(places, 'alpha', 'tracking', '1.1.0');
  assert.deepEqual(releasesOf(), { tracking: '1.1.0' });
});

test('promote --canary runs a channel canary beside its version; a plain promote moves everybody', () => {
  const { places, channels } = setUp();
  promote(places, 'tracking', '1.0.0', 'stable');
  promote(places, 'tracking', '1.1.0', 'stable', 'operator', 10);
  assert.deepEqual(channels(), { tracking: { stable: '1.0.0' } });
  const canaries = () =>
    JSON.parse(readFileSync(path.join(places.releasesDir, 'canaries.json'), 'utf8'));
  assert.deepEqual(canaries(), { tracking: { stable: { use: '1.1.0', percent: 10 } } });
  assert.throws(
    () => promote(places, 'tracking', '1.1.0', 'beta', 'operator', 10),
    /no tracking release to run a canary beside/,
  );
  haltCanary(places, 'channel:stable', 'tracking', { by: 'auto_rollback' });
  assert.deepEqual(canaries(), { tracking: { stable: { use: '1.1.0', percent: 0 } } });
  rollback(places, 'channel:stable', 'tracking');
  assert.deepEqual(canaries(), { tracking: { stable: { use: '1.1.0', percent: 10 } } });
  promote(places, 'tracking', '1.1.0', 'stable');
  assert.deepEqual(channels(), { tracking: { stable: '1.1.0' } });
  assert.deepEqual(canaries(), { tracking: {} });
});

test('health prints each release with passengers, views, errors, rate and canary − stable', async () => {
  const { places } = setUp();
  pin(places, 'alpha', 'tracking', '1.0.0');
  pin(places, 'alpha', 'tracking', '1.1.0', { canary: 10 });
  const dataDir = path.join(places.releasesDir, '..', 'data');
  const storage = await openStorage({ dataDir, migrations: MIGRATIONS });
  const now = Date.now();
  for (let i = 0; i < 100; i++) {
    await countViews(
      storage.db,
      'alpha',
      [{ part: 'tracking', release: '1.0.0', bucket: 'stable' }],
      passengerOf(`s${i}`.padEnd(16, 'x')),
      now,
    );
    if (i < 20)
      await countViews(
        storage.db,
        'alpha',
        [{ part: 'tracking', release: '1.1.0', bucket: 'canary' }],
        passengerOf(`c${i}`.padEnd(16, 'x')),
        now,
      );
  }
  const erred = (device: string) => ({
    passenger: passengerOf(device.padEnd(16, 'x')),
    hour: hourOf(now),
  });
  await countError(storage.db, 'alpha', erred('s0'), {
    part: 'tracking',
    release: '1.0.0',
    bucket: 'stable',
  });
  for (let i = 0; i < 5; i++)
    await countError(storage.db, 'alpha', erred(`c${i}`), {
      part: 'tracking',
      release: '1.1.0',
      bucket: 'canary',
    });
  await storage.close();

  const { stdout } = await run(
    process.execPath,
    [path.join(import.meta.dirname, 'release.ts'), 'health', 'alpha', 'tracking'],
    {
      env: {
        ...process.env,
        RELEASES_DIR: places.releasesDir,
        CORP_DIR: places.corpDir,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
    },
  );
  assert.match(stdout, /tracking\s+1\.0\.0\s+stable\s+100\s+100\s+1\s+1\.00 %/);
  assert.match(
    stdout,
    /tracking\s+1\.1\.0\s+canary 10 %\s+20\s+20\s+5\s+25\.00 %\s+\+24\.00 pt \(95 %: \+\d+\.\d\d … \+\d+\.\d\d\)/,
  );
});

test('remote mode: a team publishes, pins and reads health over the release API with its token', async () => {
  const { app, config } = await startApp({
    corporations: [corporationFile('demo', ['localhost'], { releases: { legal: '1.0.0' } })],
  });
  writeFileSync(
    path.join(mkdirp(path.join(config.releasesDir, 'mf/legal/1.0.0')), 'mf-manifest.json'),
    '{}',
  );
  const token = await createToken(
    app.services.storage.db,
    { team: 'legal', parts: ['legal'], corporations: [] },
    Date.now(),
  );
  const server = await app.listen({ port: 0, host: '127.0.0.1' });
  // A build of legal under a version nobody else uses, removed afterwards.
  const version = '0.0.1-remote-test';
  const built = path.join(import.meta.dirname, '..', 'remote-legal', 'dist', version);
  mkdirSync(built, { recursive: true });
  writeFileSync(path.join(built, 'mf-manifest.json'), '{"id":"legal"}');
  writeFileSync(path.join(built, 'remoteEntry.js'), 'var legal;');
  const release = (...args: string[]) =>
    run(
      process.execPath,
      [path.join(import.meta.dirname, 'release.ts'), '--server', server, ...args],
      {
        env: { ...process.env, RELEASE_TOKEN: token, RELEASE_VERSION: version },
      },
    );
  try {
    assert.match(
      (await release('publish', 'legal')).stdout,
      /legal 0\.0\.1-remote-test: published/,
    );
    const record = JSON.parse(
      readFileSync(path.join(config.releasesDir, 'mf/legal', version, 'release.json'), 'utf8'),
    );
    assert.equal(record.content_hash_version, 2);
    assert.match(
      (await release('pin', 'demo', 'legal', version, '--canary', '5')).stdout,
      /corporation:demo legal: changed by team:legal/,
    );
    assert.match((await release('health', 'demo', 'legal')).stdout, /legal\s+1\.0\.0\s+stable/);
    await assert.rejects(release('pin', 'demo', 'ordering', '1.0.0'), /ACTION_ACCESS_DENIED/);
    await assert.rejects(
      run(
        process.execPath,
        [path.join(import.meta.dirname, 'release.ts'), '--server', server, 'list'],
        {
          env: { ...process.env, RELEASE_TOKEN: 'taxirel_wrong' },
        },
      ),
      /ACCESS_DENIED/,
    );
  } finally {
    rmSync(built, { recursive: true, force: true });
  }
});

test('remote mode refuses plain http:// except to this machine: the token would cross the network', async () => {
  const release = (server: string) =>
    run(process.execPath, [path.join(import.meta.dirname, 'release.ts'), 'list'], {
      env: { ...process.env, RELEASE_SERVER: server, RELEASE_TOKEN: 'taxirel_never_sent' },
    });
  for (const server of ['http://taxi.invalid', 'http://10.0.0.5:8080', 'http://[2001:db8::1]'])
    await assert.rejects(release(server), /--server: https:\/\/… \(http:\/\/ only to this machine/);
  for (const server of [
    'https://taxi.example',
    'http://localhost:8080',
    'http://127.0.0.1:8080',
    'http://127.1.2.3',
    'http://[::1]:8080',
  ])
    assert.equal(remoteServer(server), server);
  assert.throws(() => remoteServer('ftp://taxi.example'), /--server: https:\/\//);
  assert.throws(() => remoteServer('taxi.example'), /--server: not a URL/);
});

test('a build folder holding a symbolic link is refused: the server would follow it', async () => {
  const releasesDir = mkdtempSync(path.join(tmpdir(), 'taxi-release-'));
  const version = '0.0.1-symlink-test';
  const built = path.join(import.meta.dirname, '..', 'remote-legal', 'dist', version);
  mkdirSync(path.join(built, 'js'), { recursive: true });
  writeFileSync(path.join(built, 'mf-manifest.json'), '{"id":"legal"}');
  writeFileSync(path.join(built, 'remoteEntry.js'), 'var legal;');
  symlinkSync('/etc/passwd', path.join(built, 'js', 'passwd.js'));
  try {
    await assert.rejects(
      run(process.execPath, [path.join(import.meta.dirname, 'release.ts'), 'publish', 'legal'], {
        env: { ...process.env, RELEASES_DIR: releasesDir, RELEASE_VERSION: version },
      }),
      /legal 0\.0\.1-symlink-test: the build holds a symbolic link \(js\/passwd\.js\)/,
    );
    assert.ok(!existsSync(path.join(releasesDir, 'mf', 'legal', version)));
  } finally {
    rmSync(built, { recursive: true, force: true });
  }
});
