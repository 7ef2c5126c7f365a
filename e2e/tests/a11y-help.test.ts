// WCAG 3.2.6 Consistent Help: the corporation's "Call us" is found in the same place on every
// screen that offers it. Read from the DOM order of each screen: the menu button comes first,
// and in the menu "Call us" keeps its place among the entries every screen has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { ride } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';
import { openFromMenu } from '../support/menu.ts';

const it = useApp();

interface Place {
  screen: string;
  /** The page's first control in DOM order. */
  first: string;
  /** The menu's entries in DOM order. */
  entries: string[];
}

/** Where help is on the screen shown: its first control, and the menu's entries. */
async function helpPlace(page: Page, screen: string): Promise<Place> {
  const first = await page.evaluate(() => {
    const control = Array.from(
      document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, [tabindex]',
      ),
    ).find((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
    return control?.getAttribute('aria-label') ?? control?.textContent?.trim() ?? '';
  });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await menu.getByRole('button', { name: 'Call us' }).waitFor();
  // The entries' accessible names, in DOM order.
  const entries = [...(await menu.ariaSnapshot()).matchAll(/- (?:link|button) "([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return { screen, first, entries };
}

test('"Call us" is in the same place in the menu of every screen, signed out and signed in', async () => {
  const token = await signInByApi(it.app, '+48600700980');
  const finished = await ride(it.app, token, true);
  const active = await ride(it.app, await signInByApi(it.app, '+48600700981'), false);
  const places: Place[] = [];

  const out = await newContext(it.browser);
  const visitor = await out.newPage();
  for (const [address, heading] of [
    ['/auth/', 'Log in'],
    ['/regulations/', 'Regulations'],
    ['/about-app/', 'About app'],
  ] as const) {
    await visitor.goto(`${it.app.url}${address}`);
    await visitor.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    places.push(await helpPlace(visitor, address));
  }
  await visitor.goto(`${it.app.url}/t/${active}`);
  await visitor.getByRole('region', { name: 'Map of the ride' }).waitFor();
  places.push(await helpPlace(visitor, 'shared Track'));
  await visitor.goto(`${it.app.url}/r/${finished}`);
  await visitor.getByRole('heading', { name: 'How would you rate this ride?' }).waitFor();
  places.push(await helpPlace(visitor, 'shared rating'));
  await out.close();

  const context = await newContext(it.browser);
  await storeToken(context, token);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/`);
  await page.getByRole('link', { name: 'Order history' }).waitFor();
  places.push(await helpPlace(page, 'Home'));
  await page.getByRole('link', { name: 'Order history' }).click();
  const again = page.getByRole('article').first().getByRole('button', { name: 'Order again' });
  await again.waitFor();
  places.push(await helpPlace(page, 'history'));
  await again.click();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('heading', { level: 1, name: 'Order options' }).waitFor();
  places.push(await helpPlace(page, 'options'));
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  places.push(await helpPlace(page, 'summary'));
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('region', { name: 'Map of the ride' }).waitFor();
  places.push(await helpPlace(page, 'Track'));
  await openFromMenu(page, 'Active rides');
  await page
    .getByRole('link', { name: /Track this order$/ })
    .first()
    .waitFor();
  places.push(await helpPlace(page, 'active rides'));
  await page.goto(`${it.app.url}/r/${finished}`);
  await page.getByRole('heading', { name: 'How would you rate this ride?' }).waitFor();
  places.push(await helpPlace(page, 'rating'));
  await openFromMenu(page, /My account/);
  await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  places.push(await helpPlace(page, 'account'));
  await context.close();

  const seen = JSON.stringify(places, null, 1);
  // The menu, where help is, opens from the first control of every screen.
  assert.deepEqual(
    places
      .filter((place) => place.first !== 'Open menu')
      .map(({ screen, first }) => `${screen}: ${first}`),
    [],
    seen,
  );
  // Among the entries that every screen's menu has, "Call us" keeps its place.
  const everywhere = places[0]!.entries.filter((entry) =>
    places.every((place) => place.entries.includes(entry)),
  );
  assert.ok(everywhere.includes('Call us'), seen);
  assert.ok(everywhere.length >= 3, `too few entries to compare: ${everywhere.join(', ')}`);
  const orders = places.map((place) => ({
    screen: place.screen,
    order: place.entries.filter((entry) => everywhere.includes(entry)),
  }));
  for (const { screen, order } of orders) assert.deepEqual(order, everywhere, `${screen}: ${seen}`);
});
