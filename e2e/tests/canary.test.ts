// A canary: a corporation runs tracking 1.0.0 with 1.1.0 for half its passengers. Fresh devices
// split between the two and keep theirs on reload; 1.1.0 throws, its errors raise its error rate,
// the corporation's rule rolls it back and every device gets 1.0.0 on its next load, without a
// server restart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT, demoCorporation, getAs, startApp, type RunningApp } from '../support/app.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { publishBrokenCanary } from '../support/canary.ts';
import { registryKept } from '../support/worker.ts';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'taxi-canary-'));
const releasesDir = path.join(work, 'releases');
const HOST = 'alpha.localhost';
let app: RunningApp;
let browser: Browser;

function corporationFile(): string {
  return path.join(app.corpDir, 'alpha.json');
}

function trackingPointer(): { use: string; canary?: { use: string; percent: number } } {
  return JSON.parse(readFileSync(corporationFile(), 'utf8')).releases.tracking;
}

/** Opens a tracking page; the tracking release that drew it, once its errors (if any) are sent. */
async function trackingRelease(page: Page): Promise<string | null> {
  const reported = page
    .waitForRequest(
      (request) =>
        request.url().endsWith('/report/error/') &&
        /part=tracking&release=1\.1\.0/.test(request.postData() ?? ''),
      { timeout: 10_000 },
    )
    .catch(() => null);
  await page.goto(`${app.urlFor(HOST)}/t/NOSUCHID/not-a-secret`);
  await page.getByRole('heading', { name: 'Order not found' }).waitFor();
  const release = await page.locator('[data-remote="tracking"]').getAttribute('data-release');
  // The broken canary reports its error; the stable release reports nothing.
  if (release === '1.1.0') assert.ok(await reported, 'the canary reported its error');
  return release;
}

before(async () => {
  cpSync(process.env.E2E_RELEASES_DIR ?? path.join(ROOT, 'releases'), releasesDir, {
    recursive: true,
  });
  publishBrokenCanary(releasesDir);
  app = await startApp({
    corporations: [
      {
        ...demoCorporation(),
        id: 'alpha',
        hostnames: [HOST],
        releases: { tracking: { use: '1.0.0', canary: { use: '1.1.0', percent: 50 } } },
      },
    ],
    // The rule is judged twice a second here, every five minutes by default; the twenty
    // browsers share one address, where only two new devices an hour would count by default.
    env: {
      RELEASES_DIR: releasesDir,
      RELEASE_RULE_EVERY_MS: '500',
      RELEASE_DEVICES_PER_IP_PER_HOUR: '100',
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('half the devices get the canary, keep it on reload, and the rule rolls it back live', async () => {
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const first: string[] = [];
  for (let i = 0; i < 20; i++) {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    contexts.push(context);
    pages.push(page);
    first.push((await trackingRelease(page)) ?? 'none');
  }
  const canaries = first.filter((release) => release === '1.1.0').length;
  assert.equal(canaries + first.filter((release) => release === '1.0.0').length, 20);
  // 50 % of 20 devices: both sides get some (fewer than 3 on one side: p < 0.001).
  assert.ok(canaries >= 3 && canaries <= 17, `${canaries} of 20 on the canary`);
  for (const [i, page] of pages.entries()) {
    assert.equal(await trackingRelease(page), first[i], `device ${i} kept its release`);
  }
  assert.equal(trackingPointer().canary?.percent, 50, 'no rule, no rollback');

  // The corporation sets its rule: the canary's errors are clearly worse than stable's none.
  const corporation = JSON.parse(readFileSync(corporationFile(), 'utf8'));
  writeFileSync(
    corporationFile(),
    JSON.stringify({ ...corporation, auto_rollback: { min_views: 5, max_error_ratio: 2 } }),
  );
  for (const deadline = Date.now() + 15_000; trackingPointer().canary?.percent !== 0;) {
    assert.ok(Date.now() < deadline, 'the rule rolled the canary back');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.deepEqual(trackingPointer(), { use: '1.0.0', canary: { use: '1.1.0', percent: 0 } });
  // The log line follows the file's change through the server's stdout: awaited, not assumed.
  for (const deadline = Date.now() + 5_000; !/canary rolled back automatically/.test(app.log());) {
    assert.ok(Date.now() < deadline, 'the rollback is logged');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // The server re-reads the corporation file within a second: until then it still serves 1.1.0.
  const devices = await Promise.all(
    pages.map((page) => page.evaluate(() => localStorage.getItem('taxi.device') ?? '')),
  );
  for (const device of devices) {
    const query = new URLSearchParams({ device });
    for (const deadline = Date.now() + 10_000; ;) {
      // The registry follows the Host header alone, as a page on that host asks it.
      const registry = JSON.parse((await getAs(app, HOST, `/remotes.json?${query}`)).body);
      if (registry.releases.tracking.version === '1.0.0') break;
      assert.ok(Date.now() < deadline, 'the server serves the rollback');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  for (const [i, page] of pages.entries()) {
    // With the service worker the rollback reaches the device within one more start.
    await page.goto(`${app.urlFor(HOST)}/t/NOSUCHID/not-a-secret`);
    await registryKept(page, '/mf/tracking/1.0.0/mf-manifest.json');
    assert.equal(await trackingRelease(page), '1.0.0', `device ${i} is back on 1.0.0`);
  }
  for (const context of contexts) await context.close();

  const env = { ...process.env, RELEASES_DIR: releasesDir, CORP_DIR: app.corpDir };
  const script = path.join(ROOT, 'scripts/release.ts');
  const { stdout: listing } = await run(process.execPath, [script, 'list'], { env });
  assert.match(listing, /canary 1\.1\.0\s+1\.1\.0\s+0 % \(rolled back automatically /);
  const { stdout: health } = await run(process.execPath, [script, 'health', 'alpha', 'tracking'], {
    env: { ...env, DATA_DIR: app.dataDir },
  });
  assert.match(health, new RegExp(`tracking\\s+1\\.1\\.0\\s+canary 0 %\\s+${canaries}\\s+`));
});
