// WCAG 2.5.7 Dragging Movements: the pickup, moved by dragging the map, is moved by a single
// tap too, and the map's name says so. Real server, real Chromium, the map's own pictures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { HOME_MAP, reachForMap } from '../support/map.ts';
import { MOULINS_18 } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const it = useApp();

async function homeAtMoulins(phone: string): Promise<Page> {
  const context = await newContext(it.browser, 'en-US', {
    timezoneId: 'Europe/Monaco',
    geolocation: { latitude: MOULINS_18.lat, longitude: MOULINS_18.lng },
    permissions: ['geolocation'],
  });
  await storeToken(context, await signInByApi(it.app, phone));
  const page = await context.newPage();
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup .*Boulevard des Moulins 18/ }).waitFor();
  await page.locator('.or-home__map[aria-busy="false"]').waitFor();
  return page;
}

/** Clicks the map once, away from the pin, with no move between press and release. */
async function tapAboveThePin(page: Page, name: string): Promise<string> {
  const map = page.getByRole('region', { name, exact: true });
  const before = (await page.getByRole('button', { name: /^Pickup / }).textContent())!;
  const box = (await map.boundingBox())!;
  let moves = 0;
  await page.exposeFunction('__noteMove', () => moves++);
  await page.evaluate(() =>
    addEventListener('pointermove', (event) => {
      if (event.buttons) (window as unknown as { __noteMove: () => void }).__noteMove();
    }),
  );
  await page.mouse.click(box.x + box.width / 2 + 30, box.y + box.height / 5);
  // The address looked up where the tap landed.
  const unchanged = before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const moved = page.getByRole('button', {
    name: new RegExp(`^(?!${unchanged}$)Pickup .*, (Monaco|Monte-Carlo)$`),
  });
  await moved.waitFor();
  assert.equal(moves, 0, 'no pointer moved while pressed: no drag');
  return (await moved.textContent())!;
}

test("Home's map pictures: a tap sets the pickup there, and the map's name says so", async () => {
  const page = await homeAtMoulins('+48600700970');
  const map = page.getByRole('region', { name: HOME_MAP, exact: true });
  await map.locator('img').first().waitFor();
  assert.match(await tapAboveThePin(page, HOME_MAP), /Monaco|Monte-Carlo/);
  await page.context().close();
});

test("Home's interactive map: a click sets the pickup there as well", async () => {
  const page = await homeAtMoulins('+48600700971');
  // Reached by the keyboard, so that no tap has moved the pickup yet.
  await reachForMap(page, HOME_MAP, 'maplibregl', 'keyboard');
  await page.locator('.or-home__map[aria-busy="false"]').waitFor();
  assert.match(await tapAboveThePin(page, HOME_MAP), /Monaco|Monte-Carlo/);
  await page.context().close();
});
