// Ride notifications in Chromium against the real server (README, "Ride notifications"): Track
// open in a tab the passenger left, a driver accepts and arrives, and the system notifications
// the page's service worker shows say so, with the car.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { ROOT, type RunningApp } from '../support/app.ts';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { untilInPage } from '../support/poll.ts';
import { FLORIANSKA, WAWEL } from '../support/rides.ts';
import { callApi, signInByApi, storeToken } from '../support/session.ts';

const it = useApp();

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

/** The notifications the page's service worker shows, newest last. */
function shown(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const list = (await registration?.getNotifications()) ?? [];
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
  });
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
  await page
    .getByText(/looking for a taxi|waiting/i)
    .first()
    .waitFor();

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
  await untilInPage(
    page,
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const list = (await registration?.getNotifications()) ?? [];
      return list.some((n) => n.title === 'Your taxi is on its way');
    },
    '',
    { what: 'the “on its way” notification' },
  );
  assert.deepEqual(await shown(page), [
    {
      title: 'Your taxi is on its way',
      body: 'white Toyota Prius, KR 901',
      tag: `ride-${shortId}`,
      url: trackPath,
    },
  ]);

  await cab('ORDER_ARRIVED', { order_id: orderId });
  await untilInPage(
    page,
    async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const list = (await registration?.getNotifications()) ?? [];
      return list.some((n) => n.title === 'Your taxi has arrived');
    },
    '',
    { what: 'the “arrived” notification' },
  );
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
