// What a screen reader is given over a whole ride: the accessibility tree (Playwright's
// ariaSnapshot) of the login's steps, Home, history, the order options, the summary, Track as a
// taxi comes and the rating names every control, and is the one stored in
// e2e/tests/__snapshots__/a11y-tree/<screen>.yaml (volatile values stripped by
// support/snapshots.ts; UPDATE_SNAPSHOTS=1 rewrites the files); and each change of the ride's
// state is said once in a status. Real server, a taxi driven through the driver API, real
// Chromium. With E2E_SHOTS set, the raw trees are also written there for review.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { assertNoDifferences, snapshotDifference } from '../support/snapshots.ts';
import { signInTaxi } from '../support/driver.ts';
import { useApp } from '../support/fixture.ts';
import { FLORIANSKA, ride } from '../support/rides.ts';
import { latestCode, signInByApi } from '../support/session.ts';

const it = useApp();
const SHOTS = process.env.E2E_SHOTS;
const STORED = path.join(import.meta.dirname, '__snapshots__', 'a11y-tree');
/** The screens whose tree is not the stored one: all are reported at the end of the ride. */
const differences: string[] = [];
const NATIONAL = '600700990';
const PHONE = `+48${NATIONAL}`;

/** Roles a passenger operates: each must have a name in the tree. */
const CONTROLS =
  'button|link|textbox|searchbox|checkbox|radio|combobox|switch|slider|spinbutton|tab|menuitem|option';
/** A control's line without a name: `- button` or `- link [disabled]:`, not `- button "OK"`. */
const UNNAMED = new RegExp(`^\\s*- (${CONTROLS})(?=$|[ :\\[])(?! ["/])`);

/**
 * The page's accessibility tree; fails with every control that has no name, and notes any
 * difference from the stored tree of the screen.
 */
async function namedTree(page: Page, screen: string): Promise<string> {
  const tree = await page.locator('body').ariaSnapshot();
  if (SHOTS) writeFileSync(path.join(SHOTS, `a11y-tree-${screen}.yaml`), tree);
  const unnamed = tree.split('\n').filter((line) => UNNAMED.test(line));
  assert.deepEqual(unnamed, [], `${screen}: controls without a name\n${tree}`);
  const difference = snapshotDifference(STORED, screen, tree);
  if (difference) differences.push(difference);
  return tree;
}

/** Records, in the page, every new text of each status, alert or live region, in order. */
function recordLiveRegions() {
  const said: { role: string; text: string }[] = [];
  (window as unknown as { __said: typeof said }).__said = said;
  const last = new WeakMap<Element, string>();
  new MutationObserver(() => {
    for (const region of Array.from(
      document.querySelectorAll('[role="status"], [role="alert"], [aria-live]'),
    )) {
      const text = (region.textContent ?? '').trim();
      if (text === (last.get(region) ?? '')) continue;
      last.set(region, text);
      if (text) said.push({ role: region.getAttribute('role') ?? 'live', text });
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const saidSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { __said: { role: string; text: string }[] }).__said);

test('login, order with options, Track as the taxi comes, rating: every control named, each state said once', async () => {
  // One ride before, so that the history has an order to repeat.
  await ride(it.app, await signInByApi(it.app, PHONE), true);
  const cab = await signInTaxi(it.app, '790', { lat: FLORIANSKA.lat + 0.01, lng: FLORIANSKA.lng });
  const context = await newContext(it.browser, 'en-US');
  await context.addInitScript(recordLiveRegions);
  const page = await context.newPage();

  await page.goto(`${it.app.url}/auth/`);
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await namedTree(page, 'login-consent');
  await page
    .getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' })
    .check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(NATIONAL);
  await page.getByText(/^✓ Valid number: \+48/).waitFor();
  await namedTree(page, 'login-phone');
  await page.getByRole('button', { name: 'Send code' }).click();
  // The code field opens once the server has sent the code: read before, the outbox still holds
  // the code of the sign-in above, and the login fails.
  const code = page.getByRole('textbox', { name: 'SMS code' });
  await code.waitFor();
  await code.fill(await latestCode(it.app, PHONE));
  await namedTree(page, 'login-code');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.getByRole('link', { name: 'Order history' }).waitFor();
  // The screens' lazily loaded parts (maps, the quote, the notifications question) are awaited
  // before each snapshot: the stored tree is the screen as it settles.
  await page
    .getByRole('region', { name: /^Map: / })
    .getByText('© OpenStreetMap')
    .waitFor();
  await page.getByRole('img', { name: 'Pickup point' }).waitFor();
  await namedTree(page, 'home');
  await page.getByRole('link', { name: 'Order history' }).click();
  const again = page.getByRole('article').first().getByRole('button', { name: 'Order again' });
  await again.waitFor();
  await namedTree(page, 'history');
  await again.click();
  await page.getByRole('button', { name: 'Pickup Floriańska 1, Kraków' }).waitFor();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('heading', { level: 1, name: 'Order options' }).waitFor();
  const someoneElse = page.getByRole('checkbox', { name: 'Ride for someone else' });
  await someoneElse.check();
  await page.getByRole('textbox', { name: "Rider's phone" }).waitFor();
  await page.getByText('Taxi arrives in', { exact: true }).waitFor();
  const options = await namedTree(page, 'options');
  assert.match(options, /- checkbox "Ride for someone else" \[checked\]/);
  await someoneElse.uncheck();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await namedTree(page, 'summary');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/t/'));
  const shortId = new URL(page.url()).pathname.split('/')[2]!;
  await page.getByRole('heading', { level: 1 }).waitFor();
  const rideMap = page.getByRole('region', { name: 'Map of the ride' });
  await rideMap.getByRole('img', { name: 'Destination' }).waitFor();
  await page.getByRole('region', { name: 'Hear about your ride?' }).waitFor();
  await namedTree(page, 'track-created');

  // The taxi comes, waits at the pickup, and takes the passenger: each state is said once.
  await cab.accept(shortId);
  await page.getByRole('heading', { level: 1, name: 'Taxi on the way', exact: true }).waitFor();
  await page.getByRole('status').getByText('Taxi on the way', { exact: true }).waitFor();
  await rideMap.getByRole('img', { name: 'Taxi 790' }).waitFor();
  await namedTree(page, 'track-accepted');
  await cab.step('ORDER_ARRIVED');
  await page.getByRole('heading', { level: 1, name: 'Your taxi has arrived' }).waitFor();
  await cab.step('ORDER_CLIENT_IN');
  await page.getByRole('heading', { level: 1, name: 'You are in the taxi' }).waitFor();
  await rideMap.getByRole('img', { name: 'Taxi 790' }).waitFor();
  await namedTree(page, 'track-in-taxi');
  await cab.step('RIDE_END');
  await page.getByRole('heading', { name: 'Ride finished' }).waitFor();
  await page.getByRole('radio', { name: 'Good', exact: true }).waitFor();
  await rideMap.getByRole('img', { name: 'Destination' }).waitFor();
  const said = await saidSoFar(page);
  const rating = await namedTree(page, 'rating');
  assert.match(rating, /- radio "Good"/);
  await page.getByRole('radio', { name: 'Good', exact: true }).check();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');

  // Each state once, in order, as a status; no alert on the way (a cleared draft once alerted
  // 'Address missing' between the summary and Track).
  const all = JSON.stringify(said, null, 1);
  assert.deepEqual(
    said.filter(({ role }) => role === 'alert'),
    [],
    all,
  );
  const loading = said.findIndex(({ text }) => text === 'Loading the order…');
  assert.deepEqual(
    // The rating's own 'Loading…' is progress, not a state of the ride.
    said.slice(loading + 1).filter(({ role, text }) => role === 'status' && text !== 'Loading…'),
    [
      'Waiting for the driver to accept',
      'Taxi on the way',
      'Your taxi has arrived',
      'You are in the taxi',
      'Ride finished',
    ].map((text) => ({ role: 'status', text })),
    all,
  );
  await context.close();
  assertNoDifferences(differences);
});
