// Independent releases: tracking is built and published alone, two corporations run different
// tracking releases at once, one is rolled forward and back without a restart, and a release
// the host cannot run is refused in favour of its fallback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { ROOT, demoCorporation, getAs, startApp, type RunningApp } from '../support/app.ts';
import { failOnCspViolations, launchBrowser, newContext } from '../support/browser.ts';
import { registryKept } from '../support/worker.ts';
import { openFromMenu } from '../support/menu.ts';

const run = promisify(execFile);
const demo = demoCorporation();
const work = mkdtempSync(path.join(tmpdir(), 'taxi-releases-'));
const releasesDir = path.join(work, 'releases');
let app: RunningApp;
let browser: Browser;

/** The release command, as an operator runs it. */
async function release(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts/release.ts'), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      RELEASES_DIR: releasesDir,
      CORP_DIR: app?.corpDir ?? '',
      RELEASE_VERSION: '',
    },
  });
  return stdout;
}

/** The version of a package of the repo (a folder under its root). */
function packageVersion(folder: string): string {
  return JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')).version;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .map((file) => path.join(dir, file));
}

/** sha256 of every file of the host's and the other remotes' builds and releases. */
function fingerprints(): Map<string, string> {
  const dirs = [
    ...['host', 'remote-ordering', 'remote-account', 'remote-legal'].map((pkg) =>
      path.join(ROOT, pkg, 'dist'),
    ),
    ...['host', 'ordering', 'account', 'legal'].map((part) => path.join(releasesDir, 'mf', part)),
  ];
  return new Map(
    dirs
      .flatMap(filesUnder)
      .map((file) => [file, createHash('sha256').update(readFileSync(file)).digest('hex')]),
  );
}

interface Registry {
  remotes: Record<string, string>;
  releases: Record<string, { version?: string; fallback?: { version?: string } }>;
}

/** The server re-reads corporation files about once a second: wait until it serves the change. */
async function registryServes(
  hostname: string,
  wanted: (registry: Registry) => boolean,
): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    const registry = await getAs(app, hostname, '/remotes.json');
    if (wanted(JSON.parse(registry.body) as Registry)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the registry of ${hostname} did not change`);
}

const servesTracking = (version: string, fallback?: string) => (registry: Registry) =>
  registry.releases.tracking?.version === version &&
  registry.releases.tracking?.fallback?.version === fallback;

/**
 * The tracking release a passenger of `hostname` gets once its registry names `pinned`, as the
 * page marks the screen it drew (the version comes from the remote's own manifest), on the
 * start after the one whose worker kept that registry.
 */
async function trackingRelease(
  page: Page,
  hostname: string,
  pinned: string,
  fallback?: string,
): Promise<string | null> {
  await registryServes(hostname, servesTracking(pinned, fallback));
  const start = async () => {
    await page.goto(`${app.urlFor(hostname)}/t/NOSUCHID/not-a-secret`);
    await page.getByRole('heading', { name: 'Order not found' }).waitFor();
  };
  // With the service worker the change reaches the passenger within one more start.
  await start();
  await registryKept(page, `/mf/tracking/${pinned}/mf-manifest.json`);
  await start();
  return page.locator('[data-remote="tracking"]').getAttribute('data-release');
}

failOnCspViolations();

before(async () => {
  // Start from what the suite built and published (every part at 1.0.0).
  cpSync(process.env.E2E_RELEASES_DIR ?? path.join(ROOT, 'releases'), releasesDir, {
    recursive: true,
  });
  app = await startApp({
    corporations: [
      { ...demo, id: 'alpha', hostnames: ['alpha.localhost'], releases: {} },
      { ...demo, id: 'beta', hostnames: ['beta.localhost'], releases: {} },
    ],
    env: { RELEASES_DIR: releasesDir },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(path.join(ROOT, 'remote-tracking/dist/1.1.0'), { recursive: true, force: true });
  rmSync(path.join(ROOT, 'remote-tracking/dist/1.2.0'), { recursive: true, force: true });
});

test('building and publishing tracking leaves every other file byte for byte unchanged', async () => {
  const beforeBuild = fingerprints();
  assert.ok(beforeBuild.size > 50, 'the other parts are built and published');
  assert.match(
    await release('build', 'tracking', '--version', '1.1.0'),
    /tracking 1\.1\.0: published/,
  );
  assert.deepEqual(fingerprints(), beforeBuild);

  const record = JSON.parse(
    readFileSync(path.join(releasesDir, 'mf/tracking/1.1.0/release.json'), 'utf8'),
  );
  assert.equal(record.version, '1.1.0');
  assert.match(record.commit, /^[0-9a-f]{40}$|^unknown$/);
  assert.ok(Date.parse(record.built_at) > Date.now() - 10 * 60_000);
  assert.equal(record.shared['@taxi/shared'], packageVersion('shared'));
  assert.equal(record.shared.react, packageVersion('remote-tracking/node_modules/react'));
  // A published version is immutable.
  writeFileSync(path.join(ROOT, 'remote-tracking/dist/1.1.0/extra.js'), '// other bytes');
  await assert.rejects(release('publish', 'tracking', '--version', '1.1.0'), /already published/);
});

test('two corporations run different tracking releases, and one rolls forward and back live', async () => {
  await release('pin', 'alpha', 'tracking', '1.0.0');
  await release('pin', 'beta', 'tracking', '1.1.0');
  const context = await newContext(browser, 'en-US');
  const page = await context.newPage();
  assert.equal(await trackingRelease(page, 'alpha.localhost', '1.0.0'), '1.0.0');
  assert.equal(await trackingRelease(page, 'beta.localhost', '1.1.0'), '1.1.0');

  await release('pin', 'alpha', 'tracking', '1.1.0');
  assert.equal(await trackingRelease(page, 'alpha.localhost', '1.1.0'), '1.1.0');
  assert.match(await release('rollback', 'alpha', 'tracking'), /rolled back/);
  assert.equal(await trackingRelease(page, 'alpha.localhost', '1.0.0'), '1.0.0');

  // Through a channel: promote, pin to the channel, roll the channel back.
  await release('promote', 'tracking', '1.1.0', 'stable');
  await release('pin', 'alpha', 'tracking', 'stable');
  assert.equal(await trackingRelease(page, 'alpha.localhost', '1.1.0'), '1.1.0');
  await release('promote', 'tracking', '1.0.0', 'stable');
  assert.equal(await trackingRelease(page, 'alpha.localhost', '1.0.0'), '1.0.0');
  await release('rollback', 'channel:stable', 'tracking');
  assert.equal(await trackingRelease(page, 'alpha.localhost', '1.1.0'), '1.1.0');

  const listing = await release('list');
  assert.match(listing, /alpha\s+tracking\s+stable\s+1\.1\.0/);
  assert.match(listing, /beta\s+tracking\s+1\.1\.0\s+1\.1\.0/);
  await context.close();
});

test('a release built against another @taxi/shared major is refused: fallback, else unavailable', async () => {
  await release('build', 'tracking', '--version', '1.2.0');
  // This release says it was built against the next @taxi/shared major, a contract the host
  // cannot satisfy.
  const nextMajor = `${Number(packageVersion('shared').split('.')[0]) + 1}.0.0`;
  const recordFile = path.join(releasesDir, 'mf/tracking/1.2.0/release.json');
  const record = JSON.parse(readFileSync(recordFile, 'utf8'));
  writeFileSync(
    recordFile,
    JSON.stringify({ ...record, shared: { ...record.shared, '@taxi/shared': nextMajor } }),
  );

  await release('pin', 'alpha', 'tracking', '1.2.0', '--fallback', '1.0.0');
  const context = await newContext(browser, 'en-US');
  const page = await context.newPage();
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('incompatible'))
      refusals.push(message.text());
  });
  const reported = page.waitForRequest(
    (request) =>
      request.url().endsWith('/report/error/') &&
      (request.postData() ?? '').includes('IncompatibleRelease'),
  );
  assert.equal(await trackingRelease(page, 'alpha.localhost', '1.2.0', '1.0.0'), '1.0.0');
  await reported;
  assert.match(
    refusals.join('\n'),
    new RegExp(
      `tracking 1\\.2\\.0 is incompatible.*@taxi/shared ${nextMajor.replaceAll('.', '\\.')}.*fallback 1\\.0\\.0`,
    ),
  );

  await release('pin', 'alpha', 'tracking', '1.2.0');
  await registryServes('alpha.localhost', servesTracking('1.2.0'));
  await page.goto(`${app.urlFor('alpha.localhost')}/t/NOSUCHID/not-a-secret`);
  await page.getByRole('heading', { name: 'This part of the app is unavailable' }).waitFor();
  // Never a white screen: the layout around it works, and so does the rest of the app.
  await openFromMenu(page, 'Regulations');
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  await context.close();
});

test('release files are cached for a year, registries and manifests are revalidated', async () => {
  const remoteEntry = await fetch(`${app.url}/mf/tracking/1.1.0/remoteEntry.js`);
  assert.equal(remoteEntry.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const manifest = await fetch(`${app.url}/mf/tracking/1.1.0/mf-manifest.json`);
  assert.equal(manifest.headers.get('cache-control'), 'no-cache');
  const registry = await getAs(app, 'beta.localhost', '/remotes.json');
  assert.equal(registry.headers['cache-control'], 'no-cache');
  const body = JSON.parse(registry.body) as { remotes: Record<string, string> };
  assert.equal(body.remotes.tracking, '/mf/tracking/1.1.0/mf-manifest.json');
});
