// The receipt of a finished ride, in Chromium against the real server: a ride the demo fleet
// drives to its end, its receipt opened from the finished Track and from the history, read in
// English and Polish, opened by its link in a fresh logged-out browser, refused with a wrong
// secret, printed (only the receipt, black on white), and audited by axe in light and dark.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { wrongSecret } from '@taxi/server/test-support/api';
import { newContext } from '../support/browser.ts';
import { audit, auditContext, BLOCKING } from '../support/axe.ts';
import { useApp } from '../support/fixture.ts';
import type { RunningApp } from '../support/app.ts';
import { MONTE_CARLO, monacoFleetApp, PALAIS, placeRide } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const it = useApp();
const HOST = 'receipt.localhost';

interface Track {
  order_short_id: string;
  secret: string;
}

/** A price as the app writes it: comma decimal, no-break space, zł. */
const zloty = (amount: number) => `${amount.toFixed(2).replace('.', ',')}\u00a0zł`;

describe('the receipt of a ride the demo fleet drove', () => {
  let fleet: RunningApp;
  let track: Track;
  let token: string;
  /** What the server answers for the ride: its final price, payment and taxis. */
  let server: {
    price: number;
    cash_free: boolean;
    taxis: { vehicle_registration: string }[];
  };

  before(async () => {
    // Every passenger comes: a no-show would end the ride without a receipt.
    fleet = await monacoFleetApp('receipts', HOST, { size: 6, habits: { absentRate: 0 } });
    token = await signInByApi(fleet, '+48600777001', HOST);
    track = await placeRide(fleet, token, { poi: MONTE_CARLO, dst: PALAIS }, HOST);
  });
  afterEach(async () => {
    for (const context of it.browser.contexts()) await context.close();
  });
  after(async () => {
    await fleet?.stop();
  });

  const url = () => fleet.urlFor(HOST);
  const receiptPath = (secret = track.secret) => `/receipt/${track.order_short_id}/${secret}`;

  /** The receipt as the page shows it: heading, total and the rest of its text. */
  async function receiptOn(page: Page, heading: string, total: string) {
    const receipt = page.getByRole('article', { name: heading });
    await receipt.waitFor();
    const row = receipt.getByRole('row', { name: new RegExp(`^${total}`) });
    return { receipt, text: await receipt.innerText(), total: await row.innerText() };
  }

  test('opened from the finished Track and from the history, in English', async () => {
    const context = await newContext(it.browser, 'en-US');
    await storeToken(context, token);
    const page = await context.newPage();
    await page.goto(`${url()}/t/${track.order_short_id}/${track.secret}`);
    await page.getByRole('heading', { name: 'Ride finished' }).waitFor({ timeout: 120_000 });

    // The server's own figures, by the link's secret.
    const reply = (await fetch(`${fleet.url}/api/2/?hostname=${HOST}`, {
      method: 'POST',
      body: new URLSearchParams({
        cmd: JSON.stringify({ action_id: 'GET_RECEIPT', lang: 'en', ...track }),
      }),
    }).then((response) => response.json())) as { status: string; receipt: typeof server };
    assert.equal(reply.status, 'OK', JSON.stringify(reply));
    server = reply.receipt;
    assert.ok(server.price > 0, 'the simulated driver charged the ride');

    await page.getByRole('link', { name: 'Receipt' }).click();
    await page.waitForURL((at) => at.pathname === receiptPath());
    const shown = await receiptOn(page, 'Receipt', 'Total');
    assert.match(shown.total, new RegExp(zloty(server.price)));
    assert.match(shown.text, /Wisła Taxi Ltd\./);
    assert.match(shown.text, /Place du Casino 1/);
    assert.match(shown.text, /Place du Palais 1/);
    assert.match(shown.text, /Payment\s+Cash/);
    assert.match(shown.text, new RegExp(`Registration: ${server.taxis[0]!.vehicle_registration}`));
    assert.match(shown.text, /Start fee/);
    assert.match(shown.text, /Distance: [\d,]+ km × /);

    // A first page that needs the account opens Home (docs/choices.md, "Session guard").
    await page.goto(url());
    await page.getByRole('link', { name: 'Order history' }).click();
    await page.waitForURL((at) => at.pathname === '/history/');
    await page
      .getByRole('link', { name: /^Receipt/ })
      .first()
      .click();
    await page.waitForURL((at) => at.pathname === receiptPath());
    await receiptOn(page, 'Receipt', 'Total');
  });

  test('its link opens it in a fresh logged-out browser, in Polish; a wrong secret does not', async () => {
    const context = await newContext(it.browser, 'pl-PL');
    const page = await context.newPage();
    await page.goto(`${url()}${receiptPath()}`);
    const shown = await receiptOn(page, 'Paragon', 'Razem');
    assert.match(shown.total, new RegExp(zloty(server.price)));
    assert.match(shown.text, /Wisła Taxi sp\. z o\.o\./);
    assert.match(shown.text, /Płatność\s+Gotówka/);
    assert.match(shown.text, /Opłata początkowa/);

    await page.goto(`${url()}${receiptPath(wrongSecret(track.secret))}`);
    await page.getByRole('heading', { name: 'Nie znaleziono zamówienia' }).waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
  });

  test('printed, only the receipt shows, black on white', async () => {
    const context = await newContext(it.browser, 'en-US');
    await storeToken(context, token);
    const page = await context.newPage();
    await page.goto(`${url()}${receiptPath()}`);
    const { receipt } = await receiptOn(page, 'Receipt', 'Total');
    assert.ok(await page.getByRole('banner').isVisible(), 'the top bar is there on screen');
    assert.ok(await page.getByRole('button', { name: 'Print' }).isVisible());

    await page.emulateMedia({ media: 'print' });
    assert.ok(await receipt.isVisible());
    assert.ok(await receipt.getByRole('row', { name: /^Total/ }).isVisible());
    for (const role of ['banner', 'navigation'] as const)
      for (const element of await page.getByRole(role).all())
        assert.equal(await element.isVisible(), false, `a ${role} is printed`);
    for (const name of ['Print', 'Share receipt', 'Open menu'])
      assert.equal(await page.getByRole('button', { name }).isVisible(), false, `${name} printed`);
    assert.equal(await page.getByRole('link', { name: 'Go to the ride' }).isVisible(), false);
    const colours = await receipt.evaluate((element) => {
      const style = getComputedStyle(element);
      const cell = getComputedStyle(element.querySelector('td')!);
      return [style.color, style.backgroundColor, cell.color];
    });
    assert.deepEqual(colours, ['rgb(0, 0, 0)', 'rgb(255, 255, 255)', 'rgb(0, 0, 0)']);
  });

  for (const dark of [false, true])
    test(`passes axe (WCAG 2.2 AA) in ${dark ? 'dark' : 'light'} mode`, async () => {
      const context = await auditContext(it.browser, { dark, fontScale: 1.25 });
      const page = await context.newPage();
      await page.goto(`${url()}${receiptPath()}`);
      await receiptOn(page, 'Receipt', 'Total');
      const findings = await audit(page);
      const blocking = findings.filter((finding) => BLOCKING.has(finding.impact));
      assert.deepEqual(
        blocking.map((finding) => finding.line),
        [],
      );
    });
});
