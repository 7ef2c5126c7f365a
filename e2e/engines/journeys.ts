// The core journeys of a passenger, run in Firefox and in WebKit (firefox.test.ts,
// webkit.test.ts) as the Chromium suite runs them at length: log in with the SMS code, order by
// the address search, follow Track until the taxi is on the way, open the shared link in a fresh
// profile, read the receipt, get the canary's tracking, and start offline after one visit; none
// with a console error, a CSP violation or an error reported to the server. One browser start
// and one server per engine: the journeys follow each other on one ride.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import { demoCorporation, ROOT, startApp, type RunningApp } from '../support/app.ts';
import { publishBrokenCanary } from '../support/canary.ts';
import { signInTaxi } from '../support/driver.ts';
import type { Engine, EnginePage } from '../support/engines.ts';
import { untilInPage } from '../support/poll.ts';
import { MOULINS_18 } from '../support/rides.ts';
import { latestCode } from '../support/session.ts';
import { cachedForOffline, controlled } from '../support/worker.ts';

/** The corporation whose tracking is a canary for every device (tests/canary.test.ts). */
const CANARY_HOST = 'canary.localhost';
const CANARY_ERROR = 'tracking 1.1.0 is broken';

export interface Journeys {
  engine: Engine;
  app: RunningApp;
  /** The passenger's page, signed in by the login journey. */
  passenger: EnginePage;
  /** The passenger's token, as the login stored it. */
  token: string;
}

/** The server's log lines of browser error reports (docs/operations.md). */
function reportedErrors(app: RunningApp): string[] {
  return app
    .log()
    .split('\n')
    .filter((line) => line.includes('browser error report'));
}

/** Registers the journeys but the offline start (offlineJourney: it stops the server). */
export function coreJourneys(launch: () => Promise<Engine>): Journeys {
  const it = {} as Journeys;
  /** Sessions the journey opened, whose errors are checked after it and which it closes. */
  const open: EnginePage[] = [];
  let track = '';

  before(async () => {
    [it.app, it.engine] = await Promise.all([startApp(), launch()]);
    it.passenger = await it.engine.newSession();
  });
  afterEach(async () => {
    for (const page of [it.passenger, ...open]) {
      assert.deepEqual(await page?.takeErrors(), [], 'console errors or CSP violations');
    }
    for (const page of open.splice(0)) await page.close();
    assert.deepEqual(reportedErrors(it.app), [], 'errors reported');
  });
  after(async () => {
    await it.passenger?.close().catch(() => undefined);
    await it.engine?.close();
    await it.app?.stop();
  });

  const session = async () => {
    const page = await it.engine.newSession();
    open.push(page);
    return page;
  };

  test('log in: consent, phone, the SMS code, Home', async () => {
    const page = it.passenger;
    await page.goto(`${it.app.url}/auth/`);
    await page.waitFor('heading', 'Log in');
    await page.click('checkbox', 'I accept the regulations and the privacy policy');
    await page.click('button', 'Next');
    await page.fill('textbox', 'Phone number', '600900100');
    await page.click('button', 'Send code');
    await page.waitFor('textbox', 'SMS code');
    await page.fill('textbox', 'SMS code', await latestCode(it.app, '+48600900100'));
    await page.click('button', 'OK');
    await page.waitForUrl((url) => url.pathname === '/');
    const token = await page.evaluate(() => localStorage.getItem('client_token'), null);
    assert.ok(token, 'the token is stored');
    it.token = token;
  });

  test('order by the address search, and Track until the taxi is on the way', async () => {
    // A taxi driven through the driver API, at the pickup: the ride follows the test, not the
    // random delays of the demo fleet's simulation.
    const cab = await signInTaxi(it.app, '801', MOULINS_18);
    const page = it.passenger;
    await page.click('button', /^Pickup /);
    await page.fill('combobox', 'Search address', 'Boulevard des Moulins 18');
    await page.click('option', /^Boulevard des Moulins 18, Monaco/);
    await page.waitFor('button', /^Pickup Boulevard des Moulins 18/);
    await page.click('button', 'Order');
    await page.waitFor('heading', 'Order summary');
    await page.click('button', 'Order');
    await page.waitForUrl((url) => /^\/t\/[^/]+\/[^/]+$/.test(url.pathname));
    track = (await page.url()).pathname;
    await page.waitFor('heading', 'Waiting for the driver to accept');

    await cab.accept(track.split('/')[2]!);
    await page.waitFor('heading', 'Taxi on the way');
    await page.waitFor('img', 'Taxi 801');

    // The ride's link, in a profile that never logged in: the ride, without Cancel.
    const follower = await session();
    await follower.goto(`${it.app.url}${track}`);
    await follower.waitFor('heading', 'Taxi on the way');
    assert.equal(
      await follower.evaluate(() => document.body.innerText.includes('Cancel order'), null),
      false,
    );

    await cab.step('ORDER_ARRIVED');
    await page.waitFor('heading', 'Your taxi has arrived');
    await cab.step('ORDER_CLIENT_IN');
    await cab.step('RIDE_END', { price: 24.5 });
    await page.waitFor('heading', 'Ride finished');
  });

  test('the receipt of the ride', async () => {
    const page = it.passenger;
    await page.goto(`${it.app.url}${track.replace(/^\/t\//, '/receipt/')}`);
    await page.waitFor('article', 'Receipt');
    await page.waitFor('row', /^Total 24,50\s*zł$/);
  });

  test('the canary: its release wraps tracking, and its error reaches the server', async () => {
    // A server of its own: the other corporations take the newest release, the broken one here.
    const work = mkdtempSync(path.join(tmpdir(), 'taxi-engines-'));
    const releasesDir = path.join(work, 'releases');
    cpSync(process.env.E2E_RELEASES_DIR ?? path.join(ROOT, 'releases'), releasesDir, {
      recursive: true,
    });
    publishBrokenCanary(releasesDir);
    const canary = await startApp({
      corporations: [
        {
          ...demoCorporation(),
          id: 'canary',
          hostnames: [CANARY_HOST],
          releases: { tracking: { use: '1.0.0', canary: { use: '1.1.0', percent: 100 } } },
        },
      ],
      env: { RELEASES_DIR: releasesDir },
    });
    const page = await it.engine.newSession();
    try {
      await page.goto(`${canary.urlFor(CANARY_HOST)}/t/NOSUCHID/not-a-secret`);
      await page.waitFor('heading', 'Order not found');
      const release = await page.evaluate(
        () => document.querySelector('[data-remote="tracking"]')?.getAttribute('data-release'),
        null,
      );
      assert.equal(release, '1.1.0');
      for (const deadline = Date.now() + 10_000; reportedErrors(canary).length === 0;) {
        assert.ok(Date.now() < deadline, 'the canary reported its error');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [report, ...more] = reportedErrors(canary);
      assert.match(report!, new RegExp(CANARY_ERROR));
      assert.deepEqual(more, []);
      // The page's own console says it too, where the engine lets the test read it.
      const said = await page.takeErrors();
      assert.ok(
        said.every((line) => line.includes(CANARY_ERROR)),
        said.join('\n'),
      );
    } finally {
      await page.close();
      await canary.stop();
      rmSync(work, { recursive: true, force: true });
    }
  });

  return it;
}

/**
 * The offline start after one visit: the service worker serves the shell and the screens
 * visited. Offline is the server gone (stopped), which every engine's driver allows; so this
 * journey comes last.
 */
export function offlineJourney(it: Journeys): void {
  test('after one visit the app starts with the server gone', async () => {
    const page = await it.engine.newSession();
    try {
      await page.goto(`${it.app.url}/regulations/`);
      await page.waitFor('heading', 'Regulations');
      await controlled(page);
      await page.goto(`${it.app.url}/`);
      await page.waitFor('heading', 'Log in');
      // Log in loads the phone field ahead; left while that chunk loads, Firefox logs the worker's
      // aborted fetch of it as an error. webpack removes a chunk's script once it has loaded.
      await untilInPage(
        page,
        async () => document.querySelectorAll('script[data-webpack]').length === 0,
        '',
        { what: 'the chunks of Log in' },
      );
      await page.goto(`${it.app.url}/regulations/`);
      await page.waitFor('heading', 'Regulations');
      await cachedForOffline(page);
      assert.deepEqual(await page.takeErrors(), []);

      await it.passenger.goto('about:blank');
      await it.app.stop();
      await page.goto(`${it.app.url}/regulations/`);
      await page.waitFor('heading', 'Regulations');
      assert.ok(
        await page.evaluate(() => !!navigator.serviceWorker.controller, null),
        'the worker serves the page',
      );
      await page.goto(`${it.app.url}/`);
      await page.waitFor('heading', 'Log in');
    } finally {
      await page.close();
    }
  });
}
