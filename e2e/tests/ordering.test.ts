// The passenger orders a taxi: address, destination, price, options, order, Track; a scheduled
// order; 'order again' from the history; the GPS filling the pickup. Real server, real Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { ROOT } from '../support/app.ts';

/** The corporation the e2e server serves on localhost (server/corporations/localhost.json). */
const CORPORATION = 'demo';
const FLORIANSKA = {
  lat: 50.0625,
  lng: 19.9397,
  city: 'Kraków',
  street: 'Floriańska',
  number: '1',
};
const AIRPORT = { lat: 50.0777, lng: 19.7848, city: 'Balice', poi_name: 'Kraków Airport' };

const it = useApp();
const SHOTS = process.env.E2E_SHOTS;

let phoneSeq = 600_100_200;
/** A new passenger each test: no order of another test is in the way. */
const newPhone = () => `48${phoneSeq++}`;

async function call(action: string, payload: Record<string, unknown>, auth?: string) {
  const query = new URLSearchParams({ action, lang: 'en', ...(auth ? { auth } : {}) });
  for (const [key, value] of Object.entries(payload)) {
    query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const response = await fetch(`${it.app.url}/api/2/?${query}`);
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(body.status, 'OK', `${action}: ${JSON.stringify(body)}`);
  return body;
}

/** Logs a passenger in through the SMS outbox, over HTTP, and returns the token. */
async function login(phone: string): Promise<string> {
  await call('GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true });
  const outbox = (await (
    await fetch(`${it.app.url}/dev/sms-outbox?phone=${encodeURIComponent(`+${phone}`)}`)
  ).json()) as { code: string }[];
  const code = outbox[0]?.code;
  assert.ok(code, 'an SMS code in the outbox');
  const reply = await call('GET_AUTH_PHONE', { phone, secret: code });
  return reply.auth as string;
}

/** A browser page of a logged-in passenger (token in localStorage), speaking English. */
async function passengerPage(
  token: string,
  options: Parameters<typeof newContext>[2] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(it.browser, 'en-US', {
    timezoneId: 'Europe/Warsaw',
    ...options,
  });
  await context.addInitScript((value) => {
    if (!localStorage.getItem('client_token')) localStorage.setItem('client_token', value);
  }, token);
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
  const saved = await call(
    'ORDER_SAVE',
    {
      order: { order_type: 'Z', poi: FLORIANSKA, dst: AIRPORT, taxi_group_id: 1 },
      taxi_group_id: 1,
    },
    token,
  );
  setOrderState((saved.track as { order_short_id: string }).order_short_id, 'Z');
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const orderButton = (page: Page) => page.getByRole('button', { name: 'Order', exact: true });

test('a passenger types the pickup, orders from the summary and lands on Track', async () => {
  const token = await login(newPhone());
  const { context, page } = await passengerPage(token);
  await page.goto(`${it.app.url}/`);
  await page.getByRole('heading', { name: 'Order a taxi' }).waitFor({ state: 'attached' });
  await orderButton(page).waitFor();
  assert.equal(await orderButton(page).isDisabled(), true);
  await shot(page, 'home-empty');
  await page.getByRole('button', { name: /^Pickup:/ }).click();
  const search = page.getByRole('combobox', { name: 'Search address' });
  await search.fill('Floriańska 1');
  await page.getByRole('option').first().waitFor();
  await shot(page, 'search');
  await search.press('Enter');
  await page.getByRole('button', { name: /^Pickup: .*Floriańska 1/ }).waitFor();
  assert.equal(await orderButton(page).isDisabled(), false);
  await shot(page, 'home-pickup');
  await orderButton(page).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await shot(page, 'summary');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.waitForURL((url) => /^\/t\/[^/]+\/[^/]+$/.test(url.pathname));
  await context.close();
});

test('with a destination from the recent addresses the passenger sees the price and ETA, opens the options and orders', async () => {
  const token = await login(newPhone());
  await finishedRide(token);
  const { context, page } = await passengerPage(token);
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup:/ }).click();
  const recent = page.getByRole('listbox', { name: 'Recent addresses' });
  await recent.getByRole('option', { name: 'Floriańska 1, Kraków' }).click();
  await page.getByRole('button', { name: /^Destination:/ }).click();
  await page
    .getByRole('listbox', { name: 'Recent addresses' })
    .getByRole('option', { name: 'Kraków Airport, Balice' })
    .click();
  await page.getByRole('button', { name: 'Destination: Kraków Airport, Balice' }).waitFor();
  const price = page
    .locator('.or-quote dt', { hasText: 'Price' })
    .locator('xpath=following-sibling::dd');
  await price.waitFor();
  assert.match(await price.innerText(), /^\d+,\d{2}\s*zł$/);
  await page.locator('.or-quote dt', { hasText: 'Taxi arrives in' }).waitFor();
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
    'Floriańska 1, Kraków',
    'Kraków Airport, Balice',
    'Gate 2, please',
    'Estate car',
  ]) {
    await summary.getByText(text).waitFor();
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

test('a scheduled order is confirmed and the passenger is back Home', async () => {
  const token = await login(newPhone());
  const { context, page } = await passengerPage(token);
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup:/ }).click();
  await page.getByRole('combobox', { name: 'Search address' }).fill('Szewska 7');
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  const later = new Date(Date.now() + 3 * 3600_000);
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Warsaw',
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
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByText(`${date} ${time}`).waitFor();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  const confirmation = page.getByRole('alertdialog');
  await confirmation
    .getByText('Your scheduled order has been accepted. The taxi will come at the chosen time.')
    .waitFor();
  await shot(page, 'timed-confirmation');
  await confirmation.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: /^Pickup: Where should the taxi come/ }).waitFor();
  await context.close();
});

test("'order again' from the history fills the draft, which survives a reload", async () => {
  const token = await login(newPhone());
  await finishedRide(token);
  const { context, page } = await passengerPage(token);
  await page.goto(`${it.app.url}/`);
  await page.getByRole('link', { name: 'Order history' }).click();
  const entry = page.getByRole('article').first();
  await entry.getByText('Floriańska 1 → Kraków Airport, Balice').waitFor();
  await shot(page, 'history');
  await entry.getByRole('button', { name: 'Order again' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Pickup: Floriańska 1, Kraków' }).waitFor();
  await page.reload();
  await page.getByRole('button', { name: 'Destination: Kraków Airport, Balice' }).waitFor();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await context.close();
});

test('a granted geolocation fills the pickup', async () => {
  const token = await login(newPhone());
  const { context, page } = await passengerPage(token, {
    geolocation: { latitude: 50.0614, longitude: 19.9366 },
    permissions: ['geolocation'],
  });
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup: (?!Where)/ }).waitFor();
  assert.equal(await orderButton(page).isDisabled(), false);
  await shot(page, 'home-gps');
  await context.close();
});
