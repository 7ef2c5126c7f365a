// Health per release: page views counted from the registry, errors from the browser's reports,
// per corporation, part, release and hour; and the canary − stable comparison built on them.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { limitsConfig } from '../src/base/config.ts';
import {
  countViews,
  HEALTH_KEPT_MS,
  passengerOf,
  purgeOldHealth,
  readHealth,
  viewsWritten,
} from '../src/reports/health.ts';
import { registry as metrics } from '../src/metrics/record.ts';
import { corporationHealth } from '../src/releases/health.ts';
import { rateDifference } from '../src/releases/rule.ts';
import { corporationFile, rowCount, startApp, writeFile } from './support/helpers.ts';

const HOUR = 60 * 60_000;

async function healthApp(config: Parameters<typeof startApp>[0] = {}) {
  let now = Date.parse('2026-11-22T10:15:00Z');
  const started = await startApp({
    ...config,
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

const report = (fields: Record<string, string | undefined>, host = 'localhost') => ({
  method: 'POST' as const,
  url: '/report/error/',
  headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(
    Object.entries({ message: 'TypeError: boom', ...fields }).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value] as [string, string]],
    ),
  ).toString(),
});

/** A counter of the process's metrics by its labels (0 when it has no such series). */
async function counter(name: string, labels: Record<string, string>): Promise<number> {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = (await metrics.metrics())
    .split('\n')
    .find((row) => row.startsWith(`${name}{`) && wanted.every((label) => row.includes(label)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test('a registry request is a view of every release it gives, once per device and hour', async () => {
  const { app, later, now } = await healthApp();
  const registry = (device: string) =>
    app.inject({ url: `/remotes.json?hostname=localhost&device=${device}` });
  for (const device of ['device-aaaaaaaaaaaaaaaa', 'device-bbbbbbbbbbbbbbbb']) {
    await registry(device);
    await registry(device);
  }
  later(HOUR);
  await registry('device-aaaaaaaaaaaaaaaa');
  // Without a device id nothing is counted: a view counts once per device.
  await app.inject({ url: '/remotes.json?hostname=localhost' });
  await viewsWritten(app.services.storage.db);

  const health = await readHealth(app.services.storage.db, 'demo', now() - 2 * HOUR);
  const views = (part: string) =>
    health.filter((row) => row.part === part).reduce((sum, row) => sum + row.views, 0);
  assert.equal(views('tracking'), 3);
  assert.equal(views('host'), 3);
  const host = health.find((row) => row.part === 'host')!;
  assert.equal(host.release, '1.0.0');
  assert.equal(host.passengers, 2, 'two devices, however often they came back');
  assert.deepEqual(
    host.hours.map((hour) => hour.views),
    [2, 1],
  );
  assert.equal(host.hours[1]!.hour - host.hours[0]!.hour, HOUR);
  assert.deepEqual(await readHealth(app.services.storage.db, 'other', 0), []);
  // No device id is kept as it was sent.
  const stored = await app.services.storage.db
    .selectFrom('release_passengers')
    .selectAll()
    .execute();
  assert.ok(stored.length > 0 && stored.every((row) => !row.device.includes('device-')));
  // A month on, the health of those hours is gone, counts and device hashes alike.
  await purgeOldHealth(app.services.storage.db, now() + HEALTH_KEPT_MS + 2 * HOUR);
  assert.equal(
    (await app.services.storage.db.selectFrom('release_passengers').selectAll().execute()).length,
    0,
  );
  assert.deepEqual(await readHealth(app.services.storage.db, 'demo', 0), []);
});

test('2,000 registry requests with fresh devices from one address add a bounded number of rows', async () => {
  // The server's limits as deployed (the tests' defaults let many devices in from one address).
  const { app } = await healthApp({ config: { limits: limitsConfig({}) } });
  const { db } = app.services.storage;
  const rows = async () => {
    return (await rowCount(db, 'release_passengers')) + (await rowCount(db, 'release_health'));
  };
  const before = await rows();
  const canaries = new Set<string>();
  for (let i = 0; i < 2000; i++) {
    const reply = await app.inject({
      url: `/remotes.json?hostname=localhost&device=fresh-device-${String(i).padStart(6, '0')}`,
      remoteAddress: '203.0.113.9',
    });
    assert.equal(reply.statusCode, 200);
    canaries.add(reply.json().releases.tracking.version);
  }
  await viewsWritten(db);
  const added = (await rows()) - before;
  const { releaseDevicesPerIpPerHour: cap } = limitsConfig({});
  console.log(`2,000 registry requests with fresh devices from one address: ${added} rows added`);
  // Each counted device: one passenger row per release it saw (host and tracking), plus the
  // releases' hourly counters.
  assert.ok(added <= cap * 2 + 3, `${added} rows`);
  // Past the cap, devices get the stable release: probing draws no canary buckets.
  const late = await app.inject({
    url: '/remotes.json?hostname=localhost&device=one-more-fresh-device',
    remoteAddress: '203.0.113.9',
  });
  assert.equal(late.json().releases.tracking.version, '1.0.0');
  assert.equal(late.json().ticket, undefined);
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
      const host = [{ part: 'host', release: '1.0.0', bucket: 'stable' } as const];
      await countViews(trx, 'demo', host, passengerOf('another-device'), now());
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

test('an error report counts against a release only with the ticket of a view of it, once per device and hour', async () => {
  const { app, now } = await healthApp();
  const canaryLabels = {
    corporation: 'demo',
    part: 'tracking',
    release: '1.1.0',
    bucket: 'canary',
  };
  const hostLabels = { corporation: 'demo', part: 'host', release: '1.0.0', bucket: 'stable' };
  const before = {
    views: await counter('taxi_release_page_views_total', canaryLabels),
    errors: await counter('taxi_release_errors_total', canaryLabels),
    hostErrors: await counter('taxi_release_errors_total', hostLabels),
  };
  // Twelve devices: both halves of the 50 % canary get some.
  const tickets = new Map<string, string>();
  let canaryDevices = 0;
  for (const letter of 'abcdefghijkl') {
    const registry = (
      await app.inject({ url: `/remotes.json?hostname=localhost&device=${letter.repeat(16)}` })
    ).json();
    tickets.set(registry.releases.tracking.version, registry.ticket);
    if (registry.buckets.tracking === 'canary') canaryDevices++;
  }
  const canary = tickets.get('1.1.0')!;
  const stable = tickets.get('1.0.0')!;
  assert.ok(canary && stable);
  assert.deepEqual(
    (await app.inject(report({ part: 'tracking', release: '1.1.0', ticket: canary }))).json(),
    { status: 'OK' },
  );
  // The same device again in the same hour: one error.
  await app.inject(report({ part: 'tracking', release: '1.1.0', ticket: canary }));
  await app.inject(report({ part: 'host', release: '1.0.0', ticket: canary }));
  // Kept as reports, not counted: no ticket, a ticket for another release, a forged or foreign
  // ticket, not a part, not a version, or no corporation.
  await app.inject(report({ part: 'tracking', release: '1.1.0' }));
  await app.inject(report({ part: 'tracking', release: '1.1.0', ticket: stable }));
  await app.inject(
    report({ part: 'tracking', release: '1.1.0', ticket: `${canary.split('.')[0]}.AAAA` }),
  );
  await app.inject(report({ part: 'nonsense', release: '1.0.0', ticket: canary }));
  await app.inject(report({ part: 'tracking', release: '../../x', ticket: canary }));
  await app.inject(report({ part: 'tracking', release: '1.1.0', ticket: canary }, 'other.example'));
  await viewsWritten(app.services.storage.db);

  const health = await readHealth(app.services.storage.db, 'demo', now() - HOUR);
  const errors = Object.fromEntries(
    health.map((row) => [`${row.part} ${row.release}`, row.errors]),
  );
  assert.equal(errors['tracking 1.1.0'], 1);
  assert.equal(errors['host 1.0.0'], 1);
  assert.equal(errors['tracking 1.0.0'] ?? 0, 0);
  // The same, live in the metrics, with the bucket that served each release.
  assert.equal(
    (await counter('taxi_release_page_views_total', canaryLabels)) - before.views,
    canaryDevices,
  );
  assert.equal((await counter('taxi_release_errors_total', canaryLabels)) - before.errors, 1);
  assert.equal((await counter('taxi_release_errors_total', hostLabels)) - before.hostErrors, 1);
  const rows = await app.services.storage.db
    .selectFrom('error_reports')
    .select(['part', 'release'])
    .orderBy('id')
    .execute();
  assert.equal(rows.length, 9, 'every report is kept for the operator');

  const [tracking] = await corporationHealth(
    app.services.storage.db,
    app.services.config.releasesDir,
    app.services.corporations.byId('demo')!,
    { part: 'tracking', since: now() - HOUR },
  );
  assert.equal(tracking!.stable, '1.0.0');
  assert.deepEqual(tracking!.canary, { release: '1.1.0', percent: 50 });
  const canaryHealth = tracking!.releases.find((release) => release.role === 'canary')!;
  assert.equal(canaryHealth.release, '1.1.0');
  assert.equal(canaryHealth.erring, 1);
  assert.ok(canaryHealth.vsStable && canaryHealth.vsStable.difference > 0);
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
