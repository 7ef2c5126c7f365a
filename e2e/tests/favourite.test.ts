// "The same taxi again", in Chromium against the real server and the demo fleet: a ride the
// simulated fleet drives to its end, "Ask for this taxi next time" on its receipt, a new order
// preferring that taxi from the order options, and Track saying that the favourite is coming.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { audit, auditContext, BLOCKING } from '../support/axe.ts';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { demoCorporation, type RunningApp } from '../support/app.ts';
import { MONTE_CARLO, monacoFleetApp, PALAIS, placeRide } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const it = useApp();
const HOST = 'favourite.localhost';

describe('the same taxi again', () => {
  let fleet: RunningApp;
  let track: { order_short_id: string; secret: string };
  let token: string;
  /** The favourite's call number, once the first test kept it. */
  let kept: string | undefined;

  before(async () => {
    // Two taxis, so that the one that comes is the preferred one, not the only one. Every
    // driver answers and every passenger comes; the favourite counts as near wherever in Monaco
    // it cruises (the bound itself is server/test/favourites.test.ts's).
    fleet = await monacoFleetApp(
      'favourites',
      HOST,
      { size: 2, habits: { absentRate: 0, rejectRate: 0, ignoreRate: 0 } },
      { dispatch: { ...(demoCorporation().dispatch as object), favourite_near_s: 3600 } },
    );
    token = await signInByApi(fleet, '+48600777031', HOST);
    track = await placeRide(fleet, token, { poi: MONTE_CARLO, dst: PALAIS }, HOST);
  });
  afterEach(async () => {
    for (const context of it.browser.contexts()) await context.close();
  });
  after(async () => {
    await fleet?.stop();
  });

  test('finish a ride, ask for its taxi, order again preferring it: Track says it is coming', async () => {
    const url = fleet.urlFor(HOST);
    const context = await newContext(it.browser, 'en-US', { timezoneId: 'Europe/Monaco' });
    await storeToken(context, token);
    const page = await context.newPage();
    await page.goto(`${url}/t/${track.order_short_id}/${track.secret}`);
    await page.getByRole('heading', { name: 'Ride finished' }).waitFor({ timeout: 120_000 });

    // The receipt: the taxi that drove, kept as a favourite.
    await page.getByRole('link', { name: 'Receipt' }).click();
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await receipt.waitFor();
    const callNumber = /Taxi number: (\S+)/.exec(await receipt.innerText())?.[1];
    assert.ok(callNumber, 'the receipt names the taxi by its call number');
    await page.getByRole('button', { name: 'Ask for this taxi next time' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Taxi ${callNumber} will be asked for first next time.` })
      .waitFor();
    await page.getByRole('button', { name: `Stop asking for taxi ${callNumber}` }).waitFor();

    // A new order from Home, preferring that taxi in the order options.
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: /^Pickup / }).click();
    await page.getByRole('combobox', { name: 'Search address' }).fill('Rue Grimaldi');
    await page
      .getByRole('option', { name: /^Rue Grimaldi/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Pickup Rue Grimaldi/ }).waitFor();
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('heading', { name: 'Order options' }).waitFor();
    await page.getByRole('checkbox', { name: `Prefer my taxi (${callNumber})` }).check();
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    await page.locator('.or-summary').getByText('Prefer my taxi').waitFor();
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await page.waitForURL((at) => at.pathname.startsWith('/t/'));

    // Track: the favourite took it, and the screen says so in a status.
    await page
      .getByRole('status')
      .filter({ hasText: `Your taxi ${callNumber} is coming` })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('article', { name: `Taxi ${callNumber}` }).waitFor();
    // The ride ends, so that Home opens without the active-orders dialog in the next test.
    await page.getByRole('heading', { name: 'Ride finished' }).waitFor({ timeout: 120_000 });
    kept = callNumber;
  });

  test('the receipt and the order options with a favourite pass axe (WCAG 2.2 AA)', async (t) => {
    if (!kept) return t.skip('no favourite was kept');
    const url = fleet.urlFor(HOST);
    for (const dark of [false, true]) {
      const context = await auditContext(it.browser, { dark, fontScale: 1.25 });
      await storeToken(context, token);
      const page = await context.newPage();
      await page.goto(`${url}/receipt/${track.order_short_id}/${track.secret}`);
      await page.getByRole('button', { name: `Stop asking for taxi ${kept}` }).waitFor();
      const onReceipt = await audit(page);
      // A first page that needs the account opens Home (docs/choices.md, "Session guard").
      await page.goto(`${url}/`);
      await page.getByRole('button', { name: 'More', exact: true }).click();
      await page.getByRole('checkbox', { name: `Prefer my taxi (${kept})` }).waitFor();
      const onOptions = await audit(page);
      assert.deepEqual(
        [...onReceipt, ...onOptions]
          .filter((finding) => BLOCKING.has(finding.impact))
          .map((finding) => finding.line),
        [],
        dark ? 'dark' : 'light',
      );
      await context.close();
    }
  });
});
