// Health per release: page views counted from the registry, errors from the browser's reports,
// per corporation, part, release and hour; and the canary − stable comparison built on them.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import {
  countViews,
  DEVICES_KEPT_MS,
  forgetOldDevices,
  readHealth,
  viewsWritten,
} from '../src/reports/health.ts';
import { corporationHealth } from '../src/releases/health.ts';
import { rateDifference } from '../src/releases/rule.ts';
import { corporationFile, startApp, writeFile } from './helpers.ts';

const HOUR = 60 * 60_000;

async function healthApp() {
  let now = Date.parse('2026-11-22T10:15:00Z');
  const started = await startApp({
    corporations: [
      corporationFile('demo', ['localhost'], {
        releases: {
          tracking: { use: '1.0.0', canary: { use: '1.1.0', percent: 50 } },
          host: '1.0.0',
        },
      }),
      corporationFile('other', ['other.example']),
    ],
    overrides: { clock: { now: () => now } },
  });
  for (const [part, version] of [
    ['tracking', '1.0.0'],
    ['tracking', '1.1.0'],
  ] as const)
    writeFile(path.join(started.config.releasesDir, 'mf', part, version, 'mf-manifest.json'), {});
  writeFile(path.join(started.config.releasesDir, 'mf/host/1.0.0/index.html'), '<!doctype html>');
  return { ...started, later: (ms: number) => (now += ms), now: () => now };
}

const report = (fields: Record<string, string>, host = 'localhost') => ({
  method: 'POST' as const,
  url: '/report/error/',
  headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ message: 'TypeError: boom', ...fields }).toString(),
});

test('each registry request is a page view of every release it gives, per hour, with distinct passengers', async () => {
  const { app, later, now } = await healthApp();
  const registry = (device: string) =>
    app.inject({ url: `/remotes.json?hostname=localhost&device=${device}` });
  for (const device of ['device-aaaaaaaaaaaaaaaa', 'device-bbbbbbbbbbbbbbbb']) {
    await registry(device);
    await registry(device);
  }
  later(HOUR);
  await registry('device-aaaaaaaaaaaaaaaa');
  await app.inject({ url: '/remotes.json?hostname=localhost' });
  await viewsWritten(app.services.storage.db);

  const health = await readHealth(app.services.storage.db, 'demo', now() - 2 * HOUR);
  const views = (part: string) =>
    health.filter((row) => row.part === part).reduce((sum, row) => sum + row.views, 0);
  assert.equal(views('tracking'), 6);
  assert.equal(views('host'), 6);
  const host = health.find((row) => row.part === 'host')!;
  assert.equal(host.release, '1.0.0');
  assert.equal(host.passengers, 2, 'two devices, however often they came back');
  assert.deepEqual(
    host.hours.map((hour) => hour.views),
    [4, 2],
  );
  assert.equal(host.hours[1]!.hour - host.hours[0]!.hour, HOUR);
  assert.deepEqual(await readHealth(app.services.storage.db, 'other', 0), []);
  // No device id is kept as it was sent.
  const stored = await app.services.storage.db
    .selectFrom('release_passengers')
    .selectAll()
    .execute();
  assert.ok(stored.length > 0 && stored.every((row) => !row.device.includes('device-')));
  // A month on, the device hashes are gone and the counts are not.
  await forgetOldDevices(app.services.storage.db, now() + DEVICES_KEPT_MS + 2 * HOUR);
  assert.equal(
    (await app.services.storage.db.selectFrom('release_passengers').selectAll().execute()).length,
    0,
  );
  const counted = await readHealth(app.services.storage.db, 'demo', now() - 2 * HOUR);
  assert.equal(counted.find((row) => row.part === 'host')?.views, 6);
});

test(
  'the registry answers while its page-view write waits for the database',
  { timeout: 15_000 },
  async () => {
    const { app, now } = await healthApp();
    // Another write holds the host's row of this hour (and, on SQLite, the only connection).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const other = app.services.storage.db.transaction().execute(async (trx) => {
      await countViews(trx, 'demo', [{ part: 'host', release: '1.0.0' }], undefined, now());
      locked();
      await held;
    });
    await holding;
    const answered = await app.inject({
      url: '/remotes.json?hostname=localhost&device=abcdabcdabcdabcd',
    });
    assert.equal(answered.statusCode, 200);
    assert.ok(answered.json().remotes.tracking);
    release();
    await other;
    await viewsWritten(app.services.storage.db);
    const health = await readHealth(app.services.storage.db, 'demo', now() - HOUR);
    assert.equal(health.find((row) => row.part === 'host')?.views, 2, 'the view is still counted');
  },
);

test('an error report naming its part and release counts against that release', async () => {
  const { app, now } = await healthApp();
  // Twelve devices: both halves of the 50 % canary get some.
  for (const letter of 'abcdefghijkl')
    await app.inject({ url: `/remotes.json?hostname=localhost&device=${letter.repeat(16)}` });
  assert.deepEqual((await app.inject(report({ part: 'tracking', release: '1.1.0' }))).json(), {
    status: 'OK',
  });
  await app.inject(report({ part: 'tracking', release: '1.1.0' }));
  await app.inject(report({ part: 'host', release: '1.0.0' }));
  // Not a part, not a version, or no corporation: kept as a report, not counted.
  await app.inject(report({ part: 'nonsense', release: '1.0.0' }));
  await app.inject(report({ part: 'tracking', release: '../../x' }));
  await app.inject(report({ part: 'tracking', release: '1.1.0' }, 'unknown.example'));
  await viewsWritten(app.services.storage.db);

  const health = await readHealth(app.services.storage.db, 'demo', now() - HOUR);
  const errors = Object.fromEntries(
    health.map((row) => [`${row.part} ${row.release}`, row.errors]),
  );
  assert.equal(errors['tracking 1.1.0'], 2);
  assert.equal(errors['host 1.0.0'], 1);
  assert.equal(errors['tracking 1.0.0'] ?? 0, 0);
  const rows = await app.services.storage.db
    .selectFrom('error_reports')
    .select(['part', 'release'])
    .orderBy('id')
    .execute();
  assert.deepEqual(
    rows.map((row) => `${row.part}:${row.release}`),
    ['tracking:1.1.0', 'tracking:1.1.0', 'host:1.0.0', ':', ':', 'tracking:1.1.0'],
  );

  const [tracking] = await corporationHealth(
    app.services.storage.db,
    app.services.config.releasesDir,
    app.services.corporations.byId('demo')!,
    { part: 'tracking', since: now() - HOUR },
  );
  assert.equal(tracking!.stable, '1.0.0');
  assert.deepEqual(tracking!.canary, { release: '1.1.0', percent: 50 });
  const canary = tracking!.releases.find((release) => release.role === 'canary')!;
  assert.equal(canary.release, '1.1.0');
  assert.ok(canary.vsStable && canary.vsStable.difference > 0);
});

test('the canary − stable difference has a bound that narrows with views', () => {
  const few = rateDifference({ views: 20, errors: 2 }, { views: 20, errors: 1 });
  const many = rateDifference({ views: 20_000, errors: 2000 }, { views: 20_000, errors: 1000 });
  assert.ok(Math.abs(few.difference - 0.05) < 1e-9 && Math.abs(many.difference - 0.05) < 1e-9);
  assert.ok(few.low < 0 && few.high > 0, 'a few views prove nothing');
  assert.ok(many.low > 0.04 && many.high < 0.06, JSON.stringify(many));
  // No views, no errors: a wide interval around 0, never NaN.
  const none = rateDifference({ views: 0, errors: 0 }, { views: 0, errors: 0 });
  assert.ok(none.low < 0 && none.high > 0 && none.difference === 0);
});
