// Ride notifications in Chromium against the real server (docs/ride-notifications.md): the
// question asked on Track after ordering (the demo corporation tracks: no OrderSuccess), and
// Track open in a tab the passenger left, a driver accepts and arrives, and the system
// notifications the page's service worker shows say so, with the car.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { ROOT, type RunningApp } from '../support/app.ts';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { untilInPage } from '../support/poll.ts';
import { noteShownNotifications, shown, untilShown } from '../support/notifications.ts';
import { FLORIANSKA, setOrderState, WAWEL } from '../support/rides.ts';
import { callApi, signInByApi, storeToken } from '../support/session.ts';

// The deployment sends Web Push: the question promises it, and "yes" tries to subscribe.
const vapidKeys = Object.fromEntries(
  execFileSync(process.execPath, [path.join(ROOT, 'server/src/cli.ts'), 'vapid-keys'])
    .toString()
    .split('\n')
    .filter((line) => line.startsWith('VAPID_'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const it = useApp({ env: { ...vapidKeys, VAPID_SUBJECT: 'mailto:ops@taxi.example' } });

/** A taxi of the demo corporation, provisioned by the operator's tool and signed in. */
async function taxi(app: RunningApp, callNumber: string) {
  const password = `pw-${callNumber}`;
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'server/src/cli.ts'),
      ...['add-taxi', 'demo', callNumber, '--color', 'white', '--brand', 'Toyota Prius'],
      ...['--plate', `KR ${callNumber}`, '--password', password],
    ],
    { env: { ...process.env, CORP_DIR: app.corpDir, DATA_DIR: app.dataDir }, stdio: 'pipe' },
  );
  const driver = async (action: string, fields: Record<string, unknown> = {}) => {
    const response = await fetch(`${app.url}/driver/api/1/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action_id: action, ...fields }),
    });
    const reply = (await response.json()) as Record<string, unknown>;
    assert.equal(reply.status, 'OK', `${action}: ${JSON.stringify(reply)}`);
    return reply;
  };
  const { token } = await driver('LOGIN', { call_number: callNumber, password });
  const as = (action: string, fields: Record<string, unknown> = {}) =>
    driver(action, { token, ...fields });
  await as('TAXI_POSITION', { lat: FLORIANSKA.lat, lng: FLORIANSKA.lng + 0.001, state: 'W' });
  return as;
}

test('Track in a background tab turns “accepted” and “arrived” into system notifications with the car', async () => {
  const token = await signInByApi(it.app, '+48600400100');
  const cab = await taxi(it.app, '901');
  const saved = await callApi(it.app, 'ORDER_SAVE', {
    auth: token,
    order: { order_type: 'Z', taxi_count: 1, taxi_group_id: null, poi: FLORIANSKA, dst: WAWEL },
  });
  assert.equal(saved.status, 'OK', JSON.stringify(saved));
  const { order_short_id: shortId, secret } = saved.track as Record<string, string>;
  const orderId = saved.order_id as number;

  const context = await newContext(it.browser, 'en-US');
  await context.grantPermissions(['notifications'], { origin: it.app.url });
  await context.addInitScript(noteShownNotifications);
  await storeToken(context, token);
  const page = await context.newPage();
  const trackPath = `/t/${shortId}/${secret}`;
  await page.goto(`${it.app.url}${trackPath}`);
  await untilInPage(
    page,
    async () => !!(await navigator.serviceWorker.getRegistration())?.active,
    '',
    { what: 'the service worker' },
  );
  await trackShown(page);

  // The passenger turns to another tab. Headless Chromium keeps every page visible (another
  // tab, a minimised window: tried, still 'visible'), so the page is told what a real browser
  // would say; the socket, the server and the service worker stay real.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  const offer = await cab('GET_OFFERS');
  assert.ok(
    (offer.offers as { order_id: number }[]).some((o) => o.order_id === orderId),
    JSON.stringify(offer),
  );
  await cab('OFFER_ACCEPT', { order_id: orderId });
  await untilShown(page, 'Your taxi is on its way').catch(async (error: Error) => {
    // Say what the page could see.
    const state = await page.evaluate(async () => ({
      permission: Notification.permission,
      visibility: document.visibilityState,
      language: document.documentElement.lang,
      worker: (await navigator.serviceWorker.getRegistration())?.active?.state ?? null,
    }));
    throw new Error(`${error.message}; ${JSON.stringify({ ...state, shown: await shown(page) })}`);
  });
  assert.deepEqual(await shown(page), [
    {
      title: 'Your taxi is on its way',
      body: 'white Toyota Prius, KR 901',
      tag: `ride-${shortId}`,
      url: trackPath,
    },
  ]);

  await cab('ORDER_ARRIVED', { order_id: orderId });
  await untilShown(page, 'Your taxi has arrived');
  // One notification per ride: the newer replaced the older.
  assert.deepEqual(
    (await shown(page)).map((n) => [n.title, n.body]),
    [['Your taxi has arrived', 'white Toyota Prius, KR 901 is waiting for you']],
  );
  await cab('TAXI_STATE', { state: 'F' });
  await context.close();
});

test('a visible Track shows no notification', async () => {
  const token = await signInByApi(it.app, '+48600400101');
  const cab = await taxi(it.app, '902');
  const saved = await callApi(it.app, 'ORDER_SAVE', {
    auth: token,
    order: { order_type: 'Z', taxi_count: 1, taxi_group_id: null, poi: FLORIANSKA, dst: WAWEL },
  });
  const { order_short_id: shortId, secret } = saved.track as Record<string, string>;
  const context = await newContext(it.browser, 'en-US');
  await context.grantPermissions(['notifications'], { origin: it.app.url });
  const page = await context.newPage();
  await page.goto(`${it.app.url}/t/${shortId}/${secret}`);
  await untilInPage(
    page,
    async () => !!(await navigator.serviceWorker.getRegistration())?.active,
    '',
    { what: 'the service worker' },
  );
  await cab('GET_OFFERS');
  await cab('OFFER_ACCEPT', { order_id: saved.order_id });
  // The card shows the car: the update arrived, and the page was in sight.
  await page.getByText('KR 902').first().waitFor();
  assert.deepEqual(await shown(page), []);
  await context.close();
});

/** A browser of a passenger (signed in when given a token) who allowed notifications. */
async function passengerBrowser(token: string | null): Promise<BrowserContext> {
  const context = await newContext(it.browser, 'en-US');
  await context.grantPermissions(['notifications'], { origin: it.app.url });
  if (token) await storeToken(context, token);
  return context;
}

/** Orders a taxi through the screens, from Home to the summary; lands on Track. */
async function orderThroughScreens(page: Page): Promise<string> {
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup / }).click();
  const search = page.getByRole('combobox', { name: 'Search address' });
  await search.fill('Boulevard des Moulins 1');
  await page.getByRole('listbox', { name: 'Addresses found' }).getByRole('option').first().click();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.waitForURL((url) => /^\/t\/[^/]+\/[^/]+$/.test(url.pathname));
  await trackShown(page);
  return new URL(page.url()).pathname;
}

/**
 * Track shows the order (waiting for a taxi): the app's heading, not the page's skeleton (hidden
 * from assistive technology), which carries the same words before the app has started.
 */
async function trackShown(page: Page): Promise<void> {
  await page.getByRole('heading', { name: /looking for a taxi|waiting/i }).waitFor();
}

const question = (page: Page) => page.getByRole('region', { name: 'Hear about your ride?' });

/** GET_PUSH_KEY (a GET, `?action=`): the first step of asking, or of a quiet yes. */
const asksPushKey = (request: Request) =>
  new URL(request.url()).searchParams.get('action') === 'GET_PUSH_KEY';

/** Counts the page's GET_PUSH_KEY calls. */
function pushKeyCalls(page: Page): { count: number } {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (asksPushKey(request)) calls.count += 1;
  });
  return calls;
}

const shortIdOf = (trackPath: string) => trackPath.split('/')[2]!;

test('Track asks the owner after ordering; yes (no push service in headless Chromium) falls back on the open app and is remembered', async () => {
  const token = await signInByApi(it.app, '+48600400110');
  const context = await passengerBrowser(token);
  // A small phone with the largest text, where the panel takes most of the screen.
  await context.addInitScript(() =>
    localStorage.setItem('preferences', JSON.stringify({ font_scale: 1.5 })),
  );
  const page = await context.newPage();
  await page.setViewportSize({ width: 320, height: 640 });
  const first = await orderThroughScreens(page);
  const asked = question(page);
  await asked.waitFor();
  // In the panel's flow (it scrolls with it), so it covers none of it.
  assert.equal(
    await page.locator('.tr-panel').getByRole('region', { name: 'Hear about your ride?' }).count(),
    1,
  );
  assert.match(await asked.innerText(), /even with the app closed/);
  await asked.getByRole('button', { name: 'Turn on notifications' }).click();
  const said = page.getByRole('status').filter({ hasText: 'cannot get notifications' });
  await said.waitFor();
  assert.equal(
    await said.innerText(),
    'This browser cannot get notifications with the app closed. We will notify you while the app is open in the background.',
  );
  assert.equal(await page.getByRole('alert').count(), 0, 'no error');
  assert.equal(
    await page.evaluate(() => localStorage.getItem('taxi.ride_notifications')),
    'on',
    'the answer is remembered on the device',
  );
  await page.getByRole('button', { name: 'Close' }).click();
  assert.equal(await said.count(), 0);

  // The next order: a quiet yes (the push key fetched, the subscription tried), no question.
  setOrderState(it.app, shortIdOf(first), 'A');
  const keyFetched = page.waitForResponse((response) => asksPushKey(response.request()));
  await orderThroughScreens(page);
  await keyFetched;
  await page.getByRole('button', { name: 'Cancel order' }).waitFor();
  assert.equal(await question(page).count(), 0, 'not asked again');
  await context.close();
});

test('“No, thanks” on Track is never asked again (reload, a new order); the shared link’s viewer is never asked', async () => {
  const token = await signInByApi(it.app, '+48600400111');
  const context = await passengerBrowser(token);
  const page = await context.newPage();
  const first = await orderThroughScreens(page);
  await question(page).getByRole('button', { name: 'No, thanks' }).click();
  await page.getByRole('status').filter({ hasText: 'We will not ask again.' }).waitFor();

  const calls = pushKeyCalls(page);
  await page.reload();
  await trackShown(page);
  await page.getByRole('button', { name: 'Cancel order' }).waitFor();
  assert.equal(await question(page).count(), 0, 'not asked after a reload');
  setOrderState(it.app, shortIdOf(first), 'A');
  const second = await orderThroughScreens(page);
  await page.getByRole('button', { name: 'Cancel order' }).waitFor();
  assert.equal(await question(page).count(), 0, 'not asked for a new order');
  assert.equal(calls.count, 0, 'not even the push key is fetched');

  // Someone the passenger sent the link to, with notifications allowed, is never asked.
  const viewer = await passengerBrowser(null);
  const viewerPage = await viewer.newPage();
  const viewerCalls = pushKeyCalls(viewerPage);
  await viewerPage.goto(`${it.app.url}${second}`);
  await trackShown(viewerPage);
  assert.equal(await question(viewerPage).count(), 0);
  assert.equal(viewerCalls.count, 0);
  await viewer.close();
  await context.close();
});
