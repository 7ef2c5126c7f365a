// Release health under forgery: a flood of registry requests and error reports from one address
// and from fifty neither halts a healthy canary nor hides a broken one, while a canary whose
// passengers really hit errors (each loading the registry and sending the app's report) is halted.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { limitsConfig } from '../src/base/config.ts';
import { judgeCanaries } from '../src/releases/auto-rollback.ts';
import { corporationHealth, HEALTH_HOURS } from '../src/releases/health.ts';
import { judgeCanary, readRule } from '../src/releases/rule.ts';
import { bucketOf } from '../src/releases/bucket.ts';
import { hourOf, passengerOf, type Seen, viewsWritten } from '../src/reports/health.ts';
import { corporationFile, startApp, writeFile } from './support/helpers.ts';

const PARTS = ['tracking', 'ordering'] as const;

async function canaryApp() {
  const started = await startApp({
    corporations: [
      corporationFile('demo', ['localhost'], {
        releases: {
          host: '1.0.0',
          tracking: { use: '1.0.0', canary: { use: '1.1.0', percent: 10 } },
          ordering: { use: '1.0.0', canary: { use: '1.1.0', percent: 10 } },
        },
        auto_rollback: true,
      }),
    ],
    // The server's limits as deployed (the tests' defaults let many devices in from one address).
    config: {
      trustProxy: 1,
      releaseHealthKey: Buffer.alloc(32, 7).toString('hex'),
      limits: limitsConfig({}),
    },
  });
  const { releasesDir } = started.config;
  writeFile(path.join(releasesDir, 'mf/host/1.0.0/index.html'), '<!doctype html>');
  for (const part of PARTS)
    for (const version of ['1.0.0', '1.1.0'])
      writeFile(path.join(releasesDir, 'mf', part, version, 'mf-manifest.json'), {});
  return started;
}

type App = Awaited<ReturnType<typeof canaryApp>>['app'];

interface Registry {
  releases: Record<string, { version: string }>;
  ticket?: string;
}

/** A start of the app: the registry, for this device, from this address. */
async function load(app: App, device: string, address: string): Promise<Registry> {
  const reply = await app.inject({
    url: `/remotes.json?hostname=localhost&device=${device}`,
    headers: { host: 'localhost', 'x-forwarded-for': address },
  });
  return reply.json() as Registry;
}

/** The report the app sends for an uncaught error of a part's release (shared reportError). */
async function report(app: App, address: string, part: string, release: string, ticket = '') {
  const reply = await app.inject({
    method: 'POST',
    url: '/report/error/',
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': address,
    },
    payload: new URLSearchParams({
      url: `http://localhost/mf/${part}/${release}/__federation_expose_Screen.js`,
      line: '1',
      col: '30',
      message: `Uncaught Error: ${part} ${release} is broken`,
      error: `Error: ${part} ${release} is broken`,
      user_agent: 'Mozilla/5.0',
      page_url: 'http://localhost/',
      languages: 'pl-PL,pl',
      part,
      release,
      ticket,
    }).toString(),
  });
  return reply.json() as { status: string };
}

/** What the rule says of each part now, with the figures it judged (distinct devices). */
async function verdicts(app: App) {
  const { services } = app;
  await viewsWritten(services.storage.db);
  const rule = readRule(true, services.config.autoRollback);
  assert.ok(rule && !(rule instanceof Error));
  const health = await corporationHealth(
    services.storage.db,
    services.config.releasesDir,
    services.corporations.byId('demo')!,
    { since: services.clock.now() - HEALTH_HOURS * 60 * 60_000 },
  );
  return Object.fromEntries(
    PARTS.map((part) => {
      const releases = health.find((seen) => seen.part === part)?.releases ?? [];
      const sample = (role: string) => {
        const seen = releases.find((release) => release.role === role);
        return seen ? { views: seen.passengers, errors: seen.erring } : { views: 0, errors: 0 };
      };
      return [part, judgeCanary(rule, sample('canary'), sample('stable'))];
    }),
  );
}

/** Runs `step` for 0 … count − 1, a batch at a time (as many browsers would). */
async function each(count: number, step: (i: number) => Promise<void>) {
  for (let start = 0; start < count; start += 25)
    await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, (_, k) => step(start + k)),
    );
}

/**
 * Ten thousand passengers, each on its own address: on tracking, one device in fifty of each
 * release hits an error of it; on ordering, one in fifty of stable's and a hundred of the canary's.
 * Each device that hits an error loads the registry and sends the app's report; the views of the
 * others (a day of passengers) are written straight into the health tables, in bulk, as the
 * registry would have counted them.
 */
async function realTraffic(app: App) {
  const { db } = app.services.storage;
  const seen = new Map<string, number>();
  /** How many devices got this release before this one. */
  const nth = (part: string, release: string) => {
    const n = seen.get(`${part} ${release}`) ?? 0;
    seen.set(`${part} ${release}`, n + 1);
    return n;
  };
  const clean: Seen[][] = [];
  const erring: { device: string; address: string; parts: string[] }[] = [];
  for (let i = 0; i < 10_000; i++) {
    const device = `passenger-${String(i).padStart(10, '0')}`;
    const release = (part: string) =>
      bucketOf(app.services.releaseKey, 'demo', part, device, 10) === 'canary' ? '1.1.0' : '1.0.0';
    const tracking = release('tracking');
    const ordering = release('ordering');
    const parts = [
      ...(nth('tracking', tracking) % 50 === 0 ? ['tracking'] : []),
      ...((
        ordering === '1.1.0'
          ? nth('ordering', ordering) < 100
          : nth('ordering', ordering) % 50 === 0
      )
        ? ['ordering']
        : []),
    ];
    if (parts.length > 0) erring.push({ device, address: `198.18.${i >> 8}.${i & 255}`, parts });
    else
      clean.push(
        [
          { part: 'host', release: '1.0.0' },
          { part: 'tracking', release: tracking },
          { part: 'ordering', release: ordering },
        ].map((view) => ({ ...view, device })),
      );
  }
  await seedViews(db, clean.flat() as (Seen & { device: string })[], app.services.clock.now());
  await each(erring.length, async (i) => {
    const { device, address, parts } = erring[i]!;
    const registry = await load(app, device, address);
    for (const part of parts)
      await report(app, address, part, registry.releases[part]!.version, registry.ticket);
  });
  assert.equal(
    erring.filter(
      ({ device, parts }) =>
        parts.includes('ordering') &&
        bucketOf(app.services.releaseKey, 'demo', 'ordering', device, 10) === 'canary',
    ).length,
    100,
    'a hundred canary devices hit errors',
  );
}

/** Views of devices, as the registry counts them, written in bulk. */
async function seedViews(
  db: App['services']['storage']['db'],
  views: (Seen & { device: string })[],
  now: number,
) {
  const hour = hourOf(now);
  const rows = views.map(({ part, release, device }) => ({
    corporation_id: 'demo',
    part,
    release,
    hour,
    device: passengerOf(device),
  }));
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('release_passengers')
      .values(rows.slice(start, start + 500))
      .execute();
  const counts = new Map<string, number>();
  for (const { part, release } of views)
    counts.set(`${part} ${release}`, (counts.get(`${part} ${release}`) ?? 0) + 1);
  await db
    .insertInto('release_health')
    .values(
      [...counts].map(([key, views]) => {
        const [part = '', release = ''] = key.split(' ');
        return { corporation_id: 'demo', part, release, hour, views, errors: 0 };
      }),
    )
    .execute();
}

/**
 * 10,000 fresh devices load the registry and 10,000 reports follow from `addresses`, each with
 * whatever ticket the registry gave: errors of tracking's healthy canary when the device got it
 * (to halt it), else of ordering's stable release (to hide its broken canary).
 */
async function forge(app: App, addresses: string[], name: string) {
  let accepted = 0;
  await each(10_000, async (i) => {
    const address = addresses[i % addresses.length]!;
    const registry = await load(app, `forged-${name}-${String(i).padStart(10, '0')}`, address);
    const canary = registry.releases.tracking!.version === '1.1.0' || (!registry.ticket && i % 2);
    const [part, release] = canary ? ['tracking', '1.1.0'] : ['ordering', '1.0.0'];
    if ((await report(app, address, part, release, registry.ticket)).status === 'OK') accepted++;
  });
  return accepted;
}

function show(label: string, judged: Record<string, { rollBack: boolean; reason: string }>) {
  for (const part of PARTS)
    console.log(
      `${label}: ${part} canary ${judged[part]!.rollBack ? 'HALTED' : 'running'} (${judged[part]!.reason})`,
    );
}

test(
  'forged views and reports from one and from fifty addresses neither halt nor hide a canary',
  { timeout: 600_000 },
  async () => {
    const { app } = await canaryApp();
    await realTraffic(app);
    const real = await verdicts(app);
    show('real passengers', real);
    assert.equal(real.tracking!.rollBack, false, 'a healthy canary runs');
    assert.equal(real.ordering!.rollBack, true, 'a canary whose passengers hit errors is halted');

    const one = await forge(app, ['203.0.113.7'], 'one');
    const fromOne = await verdicts(app);
    show(
      `after 10,000 forged views and reports from one address (${one} reports accepted)`,
      fromOne,
    );
    const fifty = Array.from({ length: 50 }, (_, i) => `203.0.113.${100 + i}`);
    const many = await forge(app, fifty, 'fifty');
    const fromFifty = await verdicts(app);
    show(`after 10,000 more from fifty addresses (${many} reports accepted)`, fromFifty);
    for (const judged of [fromOne, fromFifty]) {
      assert.equal(judged.tracking!.rollBack, false, 'the healthy canary is not halted');
      assert.equal(judged.ordering!.rollBack, true, 'the broken canary is not hidden');
    }

    const changes = await judgeCanaries(app.services);
    assert.deepEqual(
      changes.map((change) => change.part),
      ['ordering'],
    );
  },
);
