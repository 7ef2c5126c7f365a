// The service worker: a first visit online installs it, the next load is served through it,
// an offline start still opens the app (the shell and the screens already visited); online
// again a start uses what the worker kept while it fetches the server's answer for the next one,
// so a pin reaches the passenger within one more start, and a kept registry naming a release the
// host refuses is replaced by the server's at once (a rollback); a signed-in passenger
// whose token check cannot reach the server is told so on Auth and may try again.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { ROOT, demoCorporation } from '../support/app.ts';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { callApi, signInByApi } from '../support/session.ts';
import { untilInPage } from '../support/poll.ts';
import { ride } from '../support/rides.ts';
import { cachedForOffline, controlled, registryKept, serverSays } from '../support/worker.ts';

// A releases folder of this file's own, to publish into.
const work = mkdtempSync(path.join(tmpdir(), 'taxi-offline-'));
const releasesDir = path.join(work, 'releases');
cpSync(process.env.E2E_RELEASES_DIR ?? path.join(ROOT, 'releases'), releasesDir, {
  recursive: true,
});
const demo = demoCorporation();
const it = useApp({ env: { RELEASES_DIR: releasesDir } });
after(() => rmSync(work, { recursive: true, force: true }));

let context: BrowserContext;
let page: Page;

test('first visit installs the worker, the next load comes through it, offline the app still starts', async () => {
  context = await newContext(it.browser, 'en-US');
  page = await context.newPage();
  await page.goto(`${it.app.url}/regulations/`);
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  await controlled(page);
  // A visitor's start goes to Log in: that screen (remote account) is now fetched through it.
  await page.goto(`${it.app.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();

  const releaseFiles: { url: string; fromServiceWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/mf/'))
      releaseFiles.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
  });
  await page.goto(`${it.app.url}/regulations/`);
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  assert.ok(
    releaseFiles.some((file) => file.url.endsWith('/mf/host/1.0.0/main.js')),
    'the host entry was loaded',
  );
  assert.deepEqual(
    releaseFiles.filter((file) => !file.fromServiceWorker),
    [],
    'every release file came through the worker',
  );
  await cachedForOffline(page);

  await context.setOffline(true);
  // The worker's own fetches are offline too: a release file it has not cached fails.
  assert.equal(
    await page.evaluate(() =>
      fetch('/mf/legal/1.0.0/not-cached.js').then(
        (response) => `HTTP ${response.status}`,
        () => 'network error',
      ),
    ),
    'network error',
  );
  const shell = await page.reload();
  assert.ok(shell?.fromServiceWorker(), 'the page came from the worker');
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/regulations/');

  await page.goto(`${it.app.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await context.setOffline(false);
});

/** Publishes the bytes of legal 1.0.0 as `version`, recorded as built against `shared`. */
function publishLegal(version: string, shared: Record<string, string> = {}): void {
  const from = path.join(releasesDir, 'mf/legal/1.0.0');
  const to = path.join(releasesDir, `mf/legal/${version}`);
  cpSync(from, to, { recursive: true });
  for (const file of ['mf-manifest.json', 'release.json']) {
    const json = readFileSync(path.join(to, file), 'utf8').replaceAll('"1.0.0"', `"${version}"`);
    writeFileSync(path.join(to, file), json);
    rmSync(path.join(to, `${file}.br`), { force: true });
    rmSync(path.join(to, `${file}.gz`), { force: true });
  }
  const record = JSON.parse(readFileSync(path.join(to, 'release.json'), 'utf8')) as {
    shared?: Record<string, string>;
  };
  record.shared = { ...record.shared, ...shared };
  writeFileSync(path.join(to, 'release.json'), JSON.stringify(record));
}

const legalManifest = (version: string) => `/mf/legal/${version}/mf-manifest.json`;

/** Pins (or rolls back) the corporation's legal part to `version`, once the server says so. */
async function pinLegal(version: string): Promise<void> {
  // The demo corporation's own file: another file with its id would be ignored as a duplicate.
  writeFileSync(
    path.join(it.app.corpDir, 'localhost.json'),
    JSON.stringify({ ...demo, releases: { ...(demo.releases ?? {}), legal: version } }),
  );
  await serverSays(`the registry names legal ${version}`, async () => {
    const registry = (await (
      await fetch(`${it.app.url}/remotes.json?hostname=localhost`)
    ).json()) as {
      remotes: Record<string, string>;
    };
    return registry.remotes.legal === legalManifest(version);
  });
}

const legalRelease = (page: Page) =>
  page.locator('[data-remote="legal"]').getAttribute('data-release');

test('online again, a pin reaches the passenger within one more start (kept registry first)', async () => {
  publishLegal('1.0.1');
  await pinLegal('1.0.1');
  // This start does not wait for the network: the worker answers with the registry it kept
  // and fetches the server's in the background.
  await page.goto(`${it.app.url}/regulations/`);
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  assert.equal(await legalRelease(page), '1.0.0');
  await registryKept(page, legalManifest('1.0.1'));
  // The next start runs the pinned release.
  await page.goto(`${it.app.url}/regulations/`);
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  assert.equal(await legalRelease(page), '1.0.1');
});

test('a kept registry naming a release the host refuses is replaced by the server’s at once (a rollback)', async () => {
  // A bad release, built against a @taxi/shared the host does not have, is pinned; the
  // worker keeps the registry naming it, fetched in the background of a start.
  publishLegal('1.0.2', { '@taxi/shared': '99.0.0' });
  await pinLegal('1.0.2');
  await page.goto(`${it.app.url}/regulations/`);
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  await registryKept(page, legalManifest('1.0.2'));
  // The operator rolls it back. The next start finds the bad registry kept, refuses its
  // release and asks the server: the rollback is there at once, not one start later.
  await pinLegal('1.0.1');
  await page.goto(`${it.app.url}/regulations/`);
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  assert.equal(await legalRelease(page), '1.0.1');
  await registryKept(page, legalManifest('1.0.1'));
  await context.close();
});

test('a kept session opens Home from the worker before its token check answers; a rejected one then goes to Auth', async () => {
  const passenger = await newContext(it.browser, 'en-US');
  const tab = await passenger.newPage();
  await tab.goto(`${it.app.url}/auth/`);
  await tab.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await controlled(tab);
  const token = await signInByApi(it.app, '+48600200301');
  await tab.evaluate((value) => localStorage.setItem('client_token', value), token);
  await tab.reload();
  await tab.getByRole('button', { name: 'Order', exact: true }).waitFor();
  await cachedForOffline(tab);

  // The check is held on its way (not answered for the page: the real server answers it once
  // let go), so Home can only be there if the start did not wait for it.
  let heldCheck: (route: Route) => void = () => undefined;
  const checkSent = new Promise<Route>((resolve) => (heldCheck = resolve));
  await tab.route(
    (url) => url.pathname === '/api/2/' && url.searchParams.get('action') === 'GET_AUTH',
    (route) => heldCheck(route),
  );
  await tab.reload();
  const check = await checkSent;
  await tab.getByRole('heading', { level: 1, name: 'Order a taxi' }).waitFor();
  await tab.getByRole('button', { name: 'Order', exact: true }).waitFor();

  // Meanwhile the token is ended on the server: the check's answer forgets it, and Auth opens.
  assert.equal((await callApi(it.app, 'LOGOUT', { auth: token })).status, 'OK');
  await check.continue();
  await tab.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  assert.equal(new URL(tab.url()).pathname, '/auth/');
  assert.equal(await tab.evaluate(() => localStorage.getItem('client_token')), null);
  await passenger.close();
});

test('a kept token whose check cannot reach the server lands on Auth, which tries again', async () => {
  const passenger = await newContext(it.browser, 'en-US');
  const tab = await passenger.newPage();
  // A first visit online installs the worker and caches the shell and the login screen.
  await tab.goto(`${it.app.url}/auth/`);
  await tab.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await controlled(tab);
  await cachedForOffline(tab);
  const token = await signInByApi(it.app, '+48600200300');
  await tab.evaluate((value) => localStorage.setItem('client_token', value), token);
  await tab.reload();
  await tab.getByRole('heading', { level: 1, name: 'Order a taxi' }).waitFor();

  // The network goes: the start-up check gets no answer, so the token is kept.
  await passenger.setOffline(true);
  await tab.reload();
  await tab.getByRole('heading', { level: 1, name: 'We could not reach the server' }).waitFor();
  assert.equal(new URL(tab.url()).pathname, '/auth/');
  await tab.getByRole('button', { name: 'Try again' }).click();
  await tab
    .getByRole('status')
    .filter({ hasText: 'The server still cannot be reached.' })
    .waitFor();
  assert.equal(await tab.evaluate(() => localStorage.getItem('client_token')), token);

  // Back online, Try again confirms the token and goes Home.
  await passenger.setOffline(false);
  await tab.getByRole('button', { name: 'Try again' }).click();
  await tab.getByRole('heading', { level: 1, name: 'Order a taxi' }).waitFor();
  assert.equal(new URL(tab.url()).pathname, '/');
  assert.ok(await tab.evaluate(() => localStorage.getItem('client_token')));
  await passenger.close();
});

/** Resolves once the worker keeps, as the latest page, one whose text has `marker`. */
async function latestPageHas(page: Page, marker: string): Promise<void> {
  await untilInPage(
    page,
    async (wanted: string) => {
      const kept = await caches.match('/');
      return !!kept && (await kept.text()).includes(wanted);
    },
    marker,
    { what: `the latest kept page with ${marker}` },
  );
}

/** The login's first texts in a page's skeleton name their route (server/src/releases/skeleton.ts). */
const AUTH_TEXTS = 'data-route="^/*auth/*$"';

test('a start opens on the page kept for its route while it is of the latest revision', async () => {
  const visitor = await newContext(it.browser, 'en-US');
  const tab = await visitor.newPage();
  await tab.goto(`${it.app.url}/auth/`);
  await tab.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await controlled(tab);
  await tab.goto(`${it.app.url}/auth/`);
  await latestPageHas(tab, AUTH_TEXTS);
  await tab.goto(`${it.app.url}/regulations/`);
  await tab.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  await latestPageHas(tab, '/mf/legal/');

  // The login opens on its own page (its skeleton's texts, its screen's files preloaded), not
  // on the latest, the regulations'.
  const own = (await tab.goto(`${it.app.url}/auth/`))!;
  assert.ok(own.fromServiceWorker(), 'the page came from the worker');
  const ownPage = await own.text();
  assert.ok(ownPage.includes(AUTH_TEXTS), 'the login’s first texts');
  assert.match(ownPage, /<link rel="?preload"?[^>]*\/mf\/account\//);
  assert.doesNotMatch(ownPage, /\/mf\/legal\//);
  await tab.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();

  // New branding: a start elsewhere keeps the server's new page as the latest, and the login's
  // kept page, of the old revision, is no longer opened; the latest is.
  writeFileSync(
    path.join(it.app.corpDir, 'localhost.json'),
    JSON.stringify({ ...demo, settings: { ...demo.settings, color: '#0a7d3b' } }),
  );
  await serverSays('the server reads the new colour', async () => {
    const settings = (await (await fetch(`${it.app.url}/settings.json`)).json()) as {
      color?: string;
    };
    return settings.color === '#0a7d3b';
  });
  await tab.goto(`${it.app.url}/regulations/`);
  await latestPageHas(tab, '#0a7d3b');
  const latest = await (await tab.goto(`${it.app.url}/auth/`))!.text();
  assert.ok(latest.includes('#0a7d3b'), 'the new colour');
  assert.ok(!latest.includes(AUTH_TEXTS), 'the latest page (the regulations’)');
  await tab.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await visitor.close();
});

test('a first ride link keeps its page while the worker installs: the next ride link opens on it', async () => {
  // Two passengers' rides (one passenger has one order under way at a time).
  const first = await ride(it.app, await signInByApi(it.app, '+48600200302'), false);
  const next = await ride(it.app, await signInByApi(it.app, '+48600200303'), false);
  const follower = await newContext(it.browser, 'pl-PL');
  const tab = await follower.newPage();
  await tab.goto(`${it.app.url}/t/${first}`);
  await tab.getByRole('button', { name: 'Udostępnij przejazd' }).waitFor();
  await controlled(tab);
  await untilInPage(tab, async () => !!(await caches.match('/?kept-screen=Track')), '', {
    what: 'the ride link’s page kept',
  });

  // Days later another ride is shared: the worker opens it on the ride link's page, which
  // preloads the Track screen's files (Home's, the latest page, preloads the order form's).
  const opened = (await tab.goto(`${it.app.url}/t/${next}`))!;
  assert.ok(opened.fromServiceWorker(), 'the page came from the worker');
  const page = await opened.text();
  assert.match(page, /<link rel="?preload"?[^>]*\/mf\/tracking\//);
  assert.doesNotMatch(page, /\/mf\/ordering\//);
  await tab.getByRole('button', { name: 'Udostępnij przejazd' }).waitFor();
  await follower.close();
});
