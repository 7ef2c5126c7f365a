// The passenger orders a taxi in the demo corporation's Monaco (OpenStreetMap extract, real
// address search and reverse geocoding, the demo fleet for ETAs): address, destination, price,
// options, order, Track; the map drawing a new place's labels at once; a scheduled order; 'order
// again' from the history; the GPS and a drag of the map filling the pickup; a Mapbox
// corporation. Real server, real Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { demoCorporation, ROOT } from '../support/app.ts';
import { framesUntilQuiet, noteMapFrames } from '../support/map-frames.ts';
import { HOME_MAP, reachForMap } from '../support/map.ts';
import { MOULINS_18, STADIUM } from '../support/rides.ts';
import { callApi, signInByApi, storeToken } from '../support/session.ts';

/** The corporation the e2e server serves on localhost (server/corporations/localhost.json). */
const CORPORATION = 'demo';
const MAPBOX_HOST = 'mapbox.localhost';

const demo = demoCorporation();
const it = useApp({
  // The demo fleet drives in Monaco, so quotes carry a real ETA.
  env: { FLEET: 'sim' },
  corporations: [
    {
      ...demo,
      id: 'mapbox',
      hostnames: [MAPBOX_HOST],
      settings: { ...demo.settings, mapbox_token: 'pk.e2e-not-a-real-token' },
    },
  ],
});
const SHOTS = process.env.E2E_SHOTS;

let phoneSeq = 600_100_200;
/** A new passenger each test: no order of another test is in the way. */
const newPhone = () => `+48${phoneSeq++}`;

async function call(action: string, payload: Record<string, unknown>) {
  const body = await callApi(it.app, action, payload);
  assert.equal(body.status, 'OK', `${action}: ${JSON.stringify(body)}`);
  return body;
}

/** A browser page of a logged-in passenger (token in localStorage), speaking English. */
async function passengerPage(
  token: string,
  options: Parameters<typeof newContext>[2] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(it.browser, 'en-US', {
    timezoneId: 'Europe/Monaco',
    ...options,
  });
  await storeToken(context, token);
  const page = await context.newPage();
  return { context, page };
}

/** The operator's tool on the test server's data: moves an order to another state. */
function setOrderState(shortId: string, state: string) {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'server/src/cli.ts'), 'order-state', CORPORATION, shortId, state],
    {
      env: { ...process.env, CORP_DIR: it.app.corpDir, DATA_DIR: it.app.dataDir },
      stdio: 'pipe',
    },
  );
}

/** A finished ride of this passenger (placed through the API, finished by the operator). */
async function finishedRide(token: string) {
  const saved = await call('ORDER_SAVE', {
    auth: token,
    order: { order_type: 'Z', poi: MOULINS_18, dst: STADIUM, taxi_group_id: 1 },
    taxi_group_id: 1,
  });
  setOrderState((saved.track as { order_short_id: string }).order_short_id, 'Z');
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const orderButton = (page: Page) => page.getByRole('button', { name: 'Order', exact: true });

/** The price and ETA lines of the quote under the form. */
const quoteValue = (page: Page, term: string) =>
  page.locator('.or-quote dt', { hasText: term }).locator('xpath=following-sibling::dd');

/** The map is drawn: the region named 'Map' is the WebGL canvas of the given library. */
async function mapDrawnWith(page: Page, library: 'maplibregl' | 'mapboxgl') {
  const region = page.getByRole('region', { name: HOME_MAP, exact: true });
  await region.waitFor();
  assert.equal(await region.evaluate((canvas) => canvas.className), `${library}-canvas`);
  return region;
}

test('a passenger searches an address, picks a result with the keyboard, orders from the summary and lands on Track', async () => {
  const token = await signInByApi(it.app, newPhone());
  const { context, page } = await passengerPage(token);
  await page.goto(`${it.app.url}/`);
  await page.getByRole('heading', { name: 'Order a taxi' }).waitFor({ state: 'attached' });
  await orderButton(page).waitFor();
  assert.equal(await orderButton(page).isDisabled(), true);
  await shot(page, 'home-empty');
  await page.getByRole('button', { name: /^Pickup / }).click();
  const search = page.getByRole('combobox', { name: 'Search address' });
  await search.fill('Boulevard des Moulins 1');
  const results = page.getByRole('listbox', { name: 'Addresses found' });
  await results.getByRole('option').first().waitFor();
  // The extract's houses of that street whose number starts with 1, each with its kind.
  const first = results.getByRole('option').first();
  assert.match(await first.innerText(), /Boulevard des Moulins 1\d*[\s\S]*Address/);
  await shot(page, 'search');
  await search.press('ArrowDown');
  await search.press('ArrowDown');
  const second = (await results.getByRole('option').nth(1).innerText()).split('\n')[0]!;
  assert.match(second, /^Boulevard des Moulins 1\d*, Monaco$/);
  await search.press('Enter');
  await page.getByRole('button', { name: `Pickup ${second}` }).waitFor();
  assert.equal(await orderButton(page).isDisabled(), false);
  await shot(page, 'home-pickup');
  await orderButton(page).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await page.locator('.or-summary').getByText(second).waitFor();
  await shot(page, 'summary');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.waitForURL((url) => /^\/t\/[^/]+\/[^/]+$/.test(url.pathname));
  await context.close();
});

test("Home's map draws the labels of a new place at once, without frames of fading them in", async () => {
  const token = await signInByApi(it.app, newPhone());
  const { context, page } = await passengerPage(token);
  await context.addInitScript(noteMapFrames);
  await page.goto(`${it.app.url}/`);
  await reachForMap(page, HOME_MAP);
  await framesUntilQuiet(page, 0);

  await page.getByRole('button', { name: /^Pickup / }).click();
  await page.getByRole('combobox', { name: 'Search address' }).fill('Boulevard des Moulins 1');
  await page.getByRole('listbox', { name: 'Addresses found' }).getByRole('option').first().click();
  await page.getByRole('button', { name: /^Pickup Boulevard des Moulins/ }).waitFor();
  // The map's first view of a pickup jumps there, and draws as its tiles arrive (2-3 frames).
  // Labels faded in over 300 ms drew about 25: a whole map each in a phone's WebGL, which a tap
  // on Order had to wait for.
  const picked = await page.evaluate(() => performance.now());
  const afterPick = await framesUntilQuiet(page, picked);
  assert.ok(afterPick <= 8, `frames drawn after the pick: ${afterPick}`);
  await context.close();
});

test("Home's map waits, whole, for Track's: one WebGL context from Home to the ride, never lost", async () => {
  const token = await signInByApi(it.app, newPhone());
  const { context, page } = await passengerPage(token);
  await context.addInitScript(() => {
    // Each WebGL context made, and each one lost (and inside which event's handlers).
    const gl = { made: 0, lost: [] as (string | null)[] };
    (window as unknown as { __gl: typeof gl }).__gl = gl;
    const seen = new WeakSet<object>();
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      ...args: Parameters<typeof getContext>
    ) {
      const made = getContext.apply(this, args);
      if (made && /webgl/.test(String(args[0])) && !seen.has(made)) {
        seen.add(made);
        gl.made += 1;
      }
      return made;
    } as typeof getContext;
    // The extension's interface is not a global: its objects are wrapped as they are handed out.
    for (const context of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
      const getExtension = context.getExtension;
      context.getExtension = function (this: WebGLRenderingContext, name: string) {
        const extension = getExtension.call(this, name) as WEBGL_lose_context | null;
        if (name !== 'WEBGL_lose_context' || !extension) return extension;
        const lose = extension.loseContext.bind(extension);
        extension.loseContext = () => {
          gl.lost.push(window.event?.type ?? null);
          lose();
        };
        return extension;
      } as typeof context.getExtension;
    }
  });
  await page.goto(`${it.app.url}/`);
  await reachForMap(page, HOME_MAP);
  await page.getByRole('button', { name: /^Pickup / }).click();
  await page.getByRole('combobox', { name: 'Search address' }).fill('Boulevard des Moulins 1');
  await page.getByRole('listbox', { name: 'Addresses found' }).getByRole('option').first().click();
  await page.getByRole('button', { name: /^Pickup Boulevard des Moulins/ }).waitFor();
  await page.waitForLoadState('networkidle');

  // Removing the map inside the tap on Order made the tap wait for it (its buffers deleted,
  // its context lost); kept, it is Track's map a moment later, with its tiles and programs.
  await orderButton(page).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await orderButton(page).click();
  const ride = page.getByRole('region', { name: 'Map of the ride' });
  await ride.waitFor();
  assert.equal(await ride.evaluate((canvas) => canvas.className), 'maplibregl-canvas');
  const gl = await page.evaluate(() => (window as unknown as { __gl: unknown }).__gl);
  assert.deepEqual(gl, { made: 1, lost: [] });
  await context.close();
});

test('with a destination from the search the passenger sees the price, the ETA of the demo fleet and the route, opens the options and orders', async () => {
  const token = await signInByApi(it.app, newPhone());
  await finishedRide(token);
  const { context, page } = await passengerPage(token);
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup / }).click();
  const recent = page.getByRole('listbox', { name: 'Recent addresses' });
  await recent.getByRole('option', { name: 'Boulevard des Moulins 18, Monaco' }).click();
  await page.getByRole('button', { name: /^Destination / }).click();
  await page.getByRole('combobox', { name: 'Search address' }).fill('Casino de Monte Carlo');
  await page
    .getByRole('listbox', { name: 'Addresses found' })
    .getByRole('option', { name: /^Casino de Monte Carlo/ })
    .first()
    .click();
  await page.getByRole('button', { name: /^Destination Casino de Monte Carlo/ }).waitFor();
  const price = quoteValue(page, 'Price');
  await price.waitFor();
  assert.match(await price.innerText(), /^\d+,\d{2}\s*zł$/);
  // Twelve simulated taxis drive in Monaco: the nearest free one is minutes away.
  assert.match(await quoteValue(page, 'Taxi arrives in').innerText(), /^(>\s)?\d+ min$/);
  // Both pins are fitted into the part of the map that the order form leaves free.
  // The view flies there over a second after the route arrives, slower on a loaded machine: wait
  // for the pins to settle in that part (never settling there fails the test).
  await page.locator('.or-home__map[aria-busy="false"]').waitFor();
  const sheet = await page.getByRole('region', { name: 'Order a taxi' }).elementHandle();
  const menu = await page.getByRole('button', { name: 'Open menu' }).elementHandle();
  const pins = await Promise.all(
    ['Pickup point', 'Destination point'].map((name) =>
      page.getByRole('img', { name, exact: true }).elementHandle(),
    ),
  );
  try {
    await page.waitForFunction(
      ([sheet, menu, ...pins]) => {
        const top = sheet!.getBoundingClientRect().top;
        const below = menu!.getBoundingClientRect().bottom;
        return pins.every((pin) => {
          const box = pin!.getBoundingClientRect();
          return box.top >= below && box.bottom <= top;
        });
      },
      [sheet, menu, ...pins],
      { timeout: 10_000 },
    );
  } catch (error) {
    throw new Error(
      'the pickup and destination pins never stood between the floating buttons and the order form',
      { cause: error },
    );
  }
  await shot(page, 'home-quote');
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('heading', { name: 'Order options' }).waitFor();
  await page.getByRole('button', { name: 'One taxi more' }).click();
  assert.equal(await page.getByRole('textbox', { name: 'Number of taxis' }).inputValue(), '2');
  await page.getByRole('checkbox', { name: /Estate car/ }).check();
  await page.getByLabel('Note for the driver').fill('Gate 2, please');
  await shot(page, 'expanded');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  const summary = page.locator('.or-summary');
  for (const text of [
    'Boulevard des Moulins 18, Monaco',
    /^Casino de Monte Carlo/,
    'Gate 2, please',
    'Estate car',
  ]) {
    await summary.getByText(text).first().waitFor();
  }
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/t/'));
  // Back Home, the new order is active: the dialog offers it, all of them, or another one.
  await page.goto(`${it.app.url}/`);
  const dialog = page.getByRole('dialog', { name: 'You have an active order' });
  await dialog.getByRole('link', { name: 'See all (1)' }).waitFor();
  await dialog.getByRole('button', { name: 'Order another' }).click();
  await dialog.waitFor({ state: 'detached' });
  await context.close();
});

/** The passenger's Home with the pickup Rue Grimaldi, found by the address search. */
async function homeFromRueGrimaldi(token: string) {
  const { context, page } = await passengerPage(token);
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup / }).click();
  await page.getByRole('combobox', { name: 'Search address' }).fill('Rue Grimaldi');
  await page
    .getByRole('option', { name: /^Rue Grimaldi/ })
    .first()
    .waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^Pickup Rue Grimaldi/ }).waitFor();
  return { context, page };
}

test('a scheduled order is confirmed and the passenger is back Home', async () => {
  const token = await signInByApi(it.app, newPhone());
  const { context, page } = await homeFromRueGrimaldi(token);
  const when = await scheduleInThreeHours(page);
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByText(when).waitFor();
  await placeScheduled(page);
  await shot(page, 'timed-confirmation');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: /^Pickup Where should the taxi come/ }).waitFor();
  await context.close();
});

/** On the order options: the order scheduled three hours ahead; its date and time as shown. */
async function scheduleInThreeHours(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  const later = new Date(Date.now() + 3 * 3600_000);
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Monaco',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(later);
  const [date, time] = local.split(' ') as [string, string];
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Time').fill(time);
  await page.getByRole('button', { name: 'Set time' }).click();
  await page.getByText(`Scheduled for ${date} ${time}`).waitFor();
  return `${date} ${time}`;
}

/** On the summary: Order, and the scheduled order's confirmation. */
async function placeScheduled(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page
    .getByRole('alertdialog')
    .getByText('Your scheduled order has been accepted. The taxi will come at the chosen time.')
    .waitFor();
}

test('a scheduled order to a destination typed by hand keeps its time; no price is estimated', async () => {
  const token = await signInByApi(it.app, newPhone());
  const { context, page } = await homeFromRueGrimaldi(token);
  // An address the map does not know, used as typed: it has no coordinates, so no price.
  await page.getByRole('button', { name: /^Destination / }).click();
  await page.getByRole('combobox', { name: 'Search address' }).fill('Zzyzx Road 12');
  await page.getByRole('option', { name: 'Use “Zzyzx Road 12”' }).click();
  await page.getByRole('button', { name: /^Destination Zzyzx Road 12/ }).waitFor();
  const when = await scheduleInThreeHours(page);
  await quoteValue(page, 'Price').filter({ hasText: 'Cannot be estimated' }).waitFor();
  await page.getByText(`Scheduled for ${when}`).waitFor();
  assert.equal(
    await page.getByText('The scheduled time could not be kept; the order is for now.').count(),
    0,
  );
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByText(when).waitFor();
  await page.getByText('Zzyzx Road 12').waitFor();
  await placeScheduled(page);
  const orders = await call('GET_CURRENT_ORDERS', { auth: token });
  const [placed] = orders.data_list as { order_type: string; date_time: string | null }[];
  assert.equal(placed?.order_type, 'T');
  assert.equal(placed?.date_time?.slice(0, 16), when);
  await context.close();
});

test("'order again' from the history fills the draft, which survives a reload", async () => {
  const token = await signInByApi(it.app, newPhone());
  await finishedRide(token);
  const { context, page } = await passengerPage(token);
  await page.goto(`${it.app.url}/`);
  await page.getByRole('link', { name: 'Order history' }).click();
  const entry = page.getByRole('article').first();
  await entry.getByText('Boulevard des Moulins 18 → Stade Louis-II, Fontvieille').waitFor();
  await shot(page, 'history');
  await entry.getByRole('button', { name: 'Order again' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Pickup Boulevard des Moulins 18, Monaco' }).waitFor();
  await page.reload();
  await page.getByRole('button', { name: /^Destination .*Fontvieille/ }).waitFor();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await context.close();
});

test("without a pickup or the GPS, Home's map shows the area its tiles cover, not the whole country", async () => {
  const token = await signInByApi(it.app, newPhone());
  const { context, page } = await passengerPage(token);
  // The demo's tiles cover Monaco: a view of the town asks for tiles of zoom 12-14 there; the
  // view of Poland at 5.5 asked for none (the extract lies outside it). So do the pictures
  // shown first and the interactive map.
  const townTile = (kind: RegExp) =>
    page.waitForResponse(
      (response) =>
        new RegExp(`/tiles/.+/1[2-4]/\\d+/${kind.source}$`).test(response.url()) && response.ok(),
      { timeout: 15_000 },
    );
  const picture = townTile(/\d+(@2x)?\.webp/);
  await page.goto(`${it.app.url}/`);
  await picture;
  const vector = townTile(/\d+\.pbf/);
  await reachForMap(page, HOME_MAP);
  await vector;
  await context.close();
});

test('a granted geolocation fills the pickup with the address there, and dragging the map moves it', async () => {
  const token = await signInByApi(it.app, newPhone());
  const { context, page } = await passengerPage(token, {
    geolocation: { latitude: MOULINS_18.lat, longitude: MOULINS_18.lng },
    permissions: ['geolocation'],
  });
  await page.goto(`${it.app.url}/`);
  const pickup = page.getByRole('button', { name: /^Pickup / });
  await page.getByRole('button', { name: /^Pickup .*Boulevard des Moulins 18/ }).waitFor();
  assert.equal(await orderButton(page).isDisabled(), false);
  // The map's pictures: the passenger's first drag moves them, before the interactive map is in.
  const map = page.getByRole('region', { name: HOME_MAP, exact: true });
  await map.locator('img').first().waitFor();
  await page.locator('.or-home__map[aria-busy="false"]').waitFor();
  await shot(page, 'home-gps');
  const before = (await pickup.textContent())!;
  // The passenger drags the map up a little: the pin in the middle goes south, to the Casino.
  const box = (await map.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x + step * 3, y - step * 10);
  await page.mouse.up();
  // The address looked up where the pin came down (meanwhile the card says it is looking).
  const unchanged = before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const moved = page.getByRole('button', {
    name: new RegExp(`^(?!${unchanged}$)Pickup .*, (Monaco|Monte-Carlo)$`),
  });
  await moved.waitFor();
  const after = (await moved.textContent())!;
  assert.notEqual(after, before);
  assert.match(after, /Monaco|Monte-Carlo/);
  await shot(page, 'home-dragged');
  await context.close();
});

test('a corporation with a Mapbox token gets its map from mapbox-gl, the form works the same', async () => {
  const token = await signInByApi(it.app, newPhone(), MAPBOX_HOST);
  const { context, page } = await passengerPage(token, {
    geolocation: { latitude: MOULINS_18.lat, longitude: MOULINS_18.lng },
    permissions: ['geolocation'],
  });
  // The corporation's style (the server's map of its extract) is drawn by mapbox-gl as well.
  const tile = page.waitForResponse(
    (response) => /\/tiles\/[^/]+\/\d+\/\d+\/\d+\.pbf$/.test(response.url()) && response.ok(),
  );
  await page.goto(`${it.app.urlFor(MAPBOX_HOST)}/`);
  await mapDrawnWith(page, 'mapboxgl');
  await tile;
  await page.getByRole('button', { name: /^Pickup .*Boulevard des Moulins 18/ }).waitFor();
  assert.equal(await orderButton(page).isDisabled(), false);
  await shot(page, 'home-mapbox');
  await context.close();
});
