// WCAG 2.1.1: a passenger without a mouse goes from the login to rating the ride with Tab,
// Shift+Tab, Enter, Space, arrows and typing only — no click anywhere — against the real server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { ride, setOrderState } from '../support/rides.ts';
import { latestCode, signInByApi } from '../support/session.ts';

const it = useApp();
const NATIONAL = '600700950';
const PHONE = `+48${NATIONAL}`;

/** Tabs forward until `target` has the focus; fails when it is not reached within `limit`. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${target}`);
}

async function press(page: Page, target: Locator, key: 'Enter' | 'Space'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

test('login, order again from the history, order, and rate the ride: keyboard only', async () => {
  // A passenger with one past ride, so that 'order again' has something to repeat.
  await ride(it.app, await signInByApi(it.app, PHONE), true);
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  await page.goto(`${it.app.url}/auth/`);

  await press(
    page,
    page.getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' }),
    'Space',
  );
  await press(page, page.getByRole('button', { name: 'Next' }), 'Enter');
  await tabTo(page, page.getByRole('textbox', { name: 'Phone number' }));
  await page.keyboard.type(NATIONAL);
  await page.getByText(/^✓ Valid number: \+48/).waitFor();
  await press(page, page.getByRole('button', { name: 'Send code' }), 'Enter');
  await tabTo(page, page.getByRole('textbox', { name: 'SMS code' }));
  await page.keyboard.type(await latestCode(it.app, PHONE));
  await press(page, page.getByRole('button', { name: 'OK' }), 'Enter');
  await page.waitForURL((url) => url.pathname === '/');

  await press(page, page.getByRole('link', { name: 'Order history' }), 'Enter');
  const entry = page.getByRole('article').first();
  await press(page, entry.getByRole('button', { name: 'Order again' }), 'Enter');
  await page.getByRole('button', { name: 'Pickup Floriańska 1, Kraków' }).waitFor();
  await press(page, page.getByRole('button', { name: 'Order', exact: true }), 'Enter');
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await press(page, page.getByRole('button', { name: 'Order', exact: true }), 'Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/t/'));
  const [, , shortId, secret] = new URL(page.url()).pathname.split('/');
  assert.ok(shortId && secret, page.url());

  // The ride ends. The operator's tool writes the database behind the running server's back, so
  // no socket message follows: the passenger reopens the ride, and Track turns into the rating.
  setOrderState(it.app, shortId, 'Z');
  await page.reload();
  await page.getByRole('heading', { name: 'Ride finished' }).waitFor();
  const good = page.getByRole('radio', { name: 'Good', exact: true });
  await tabTo(page, page.getByRole('radio').first());
  // A radio group is one Tab stop: the arrows choose within it.
  for (let step = 0; step < 5 && !(await good.isChecked()); step++) {
    await page.keyboard.press('ArrowRight');
  }
  assert.equal(await good.isChecked(), true);
  await press(page, page.getByRole('button', { name: 'OK', exact: true }), 'Enter');
  await page.waitForURL((url) => url.pathname === '/');

  const reply = await fetch(`${it.app.url}/rate/api/1/`, {
    method: 'POST',
    body: new URLSearchParams({
      cmd: JSON.stringify({ action_id: 'GET_RATE', lang: 'en', order_short_id: shortId, secret }),
    }),
  });
  const stored = (await reply.json()) as { data?: { rate: number | null } };
  assert.equal(stored.data?.rate, 1);
  await context.close();
});
