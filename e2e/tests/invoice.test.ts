// Business rides, in Chromium against the real server and the demo fleet: a company kept in My
// account, a ride ordered for it from the order options, driven to its end, and its VAT invoice
// opened from the ride history, in English and Polish, for its owner only, audited by axe.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import type { BrowserContext } from 'playwright-core';
import { audit, auditContext, BLOCKING } from '../support/axe.ts';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { openProfile } from '../support/menu.ts';
import type { RunningApp } from '../support/app.ts';
import { MONTE_CARLO, monacoFleetApp, PALAIS } from '../support/rides.ts';
import { callApi, signInByApi, storeToken } from '../support/session.ts';

const it = useApp();
const HOST = 'invoice.localhost';
const COMPANY = {
  name: 'Zażółć Gęślą Jaźń S.A.',
  address: 'ul. Łąkowa 3, 31-100 Kraków',
  nip: '526-104-08-28',
  email: 'faktury@zazolc.example',
};

/** A price as the app writes it: comma decimal, no-break space, zł. */
const zloty = (amount: number) => `${amount.toFixed(2).replace('.', ',')}\u00a0zł`;

/** The device starts with a draft from the casino to the palace, as after choosing both on Home. */
async function storeDraft(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    (draft) => {
      if (!localStorage.getItem('order_draft')) localStorage.setItem('order_draft', draft);
    },
    JSON.stringify({ poi: MONTE_CARLO, dst: PALAIS }),
  );
}

describe('a business ride and its VAT invoice', () => {
  let fleet: RunningApp;
  let token: string;
  let shortId: string;
  /** The invoice as the server issued it. */
  let issued: { number: string; gross: number };

  before(async () => {
    // Every passenger comes: a no-show would end the ride without an invoice.
    fleet = await monacoFleetApp('invoices', HOST, { size: 6, habits: { absentRate: 0 } });
    token = await signInByApi(fleet, '+48600777051', HOST);
  });
  afterEach(async () => {
    for (const context of it.browser.contexts()) await context.close();
  });
  after(async () => {
    await fleet?.stop();
  });

  const url = () => fleet.urlFor(HOST);

  /** The invoice of the ride once the server has issued it (within seconds of the ride's end). */
  async function issuedInvoice(): Promise<typeof issued> {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await delay(250)) {
      const reply = await callApi(
        fleet,
        'GET_INVOICE',
        { auth: token, order_short_id: shortId },
        HOST,
      );
      assert.equal(reply.status, 'OK', JSON.stringify(reply));
      if (reply.invoice) return reply.invoice as typeof issued;
    }
    throw new Error('the invoice was not issued within 20 s of the ride’s end');
  }

  test('keep a company, order a ride for it, open its invoice from the history', async () => {
    const context = await newContext(it.browser, 'en-US', { timezoneId: 'Europe/Monaco' });
    await storeToken(context, token);
    await storeDraft(context);
    const page = await context.newPage();

    // My account (the bottom bar: a first load of a page behind the login opens Home): the
    // company, with a mistyped NIP first.
    await page.goto(`${url()}/`);
    await openProfile(page);
    const companies = page.getByRole('region', { name: 'Companies for invoices' });
    await companies.getByRole('button', { name: 'Add a company' }).click();
    await page.getByLabel('Company name').fill(COMPANY.name);
    await page.getByLabel('Address (street, postcode, town)').fill(COMPANY.address);
    await page.getByLabel('NIP (tax number)').fill('526-104-08-27');
    await page.getByLabel('E-mail for invoices').fill(COMPANY.email);
    await page.getByRole('button', { name: 'Save company' }).click();
    await page.getByText('Enter a valid NIP of 10 digits.').waitFor();
    await page.getByLabel('NIP (tax number)').fill(COMPANY.nip);
    await page.getByRole('button', { name: 'Save company' }).click();
    await companies
      .getByRole('status')
      .filter({ hasText: `${COMPANY.name} saved.` })
      .waitFor();
    await companies.getByRole('listitem').filter({ hasText: 'NIP 5261040828' }).waitFor();

    // The order options: a VAT invoice for that company.
    await page.goto(`${url()}/`);
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('heading', { name: 'Order options' }).waitFor();
    await page
      .getByRole('combobox', { name: 'VAT invoice for' })
      .selectOption({ label: `${COMPANY.name} (NIP 5261040828)` });
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    await page.locator('.or-summary').getByText('VAT invoice').waitFor();
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await page.waitForURL((at) => at.pathname.startsWith('/t/'));
    shortId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    await page.getByRole('heading', { name: 'Ride finished' }).waitFor({ timeout: 120_000 });
    issued = await issuedInvoice();
    assert.match(issued.number, /^FV \d+\/\d{4}$/);
    assert.ok(issued.gross > 0, 'the simulated driver charged the ride');

    // The history lists it; the invoice is the server's: number, buyer, the final price.
    await page.goto(`${url()}/`);
    await page.getByRole('link', { name: 'Order history' }).click();
    await page.getByRole('link', { name: `VAT invoice ${issued.number}` }).click();
    await page.waitForURL((at) => at.pathname === `/invoice/${shortId}/`);
    const invoice = page.getByRole('article', { name: `VAT invoice ${issued.number}` });
    await invoice.waitFor();
    const text = await invoice.innerText();
    assert.match(text, /Wisła Taxi sp\. z o\.o\./);
    assert.match(text, /NIP 6770065406/);
    assert.match(text, new RegExp(`${COMPANY.name}[\\s\\S]*NIP 5261040828`));
    assert.match(text, /Place du Casino 1, Monaco → Place du Palais 1, Monaco/);
    assert.match(
      await invoice.getByRole('row', { name: /^Total \(gross\)/ }).innerText(),
      new RegExp(zloty(issued.gross)),
    );
  });

  test('in Polish for its owner; another passenger is refused', async () => {
    const owner = await newContext(it.browser, 'pl-PL');
    await storeToken(owner, token);
    const page = await owner.newPage();
    await page.goto(`${url()}/invoice/${shortId}/`);
    const invoice = page.getByRole('article', { name: `Faktura VAT ${issued.number}` });
    await invoice.waitFor();
    assert.match(await invoice.innerText(), /Nabywca[\s\S]*Zażółć Gęślą Jaźń S\.A\./);

    const stranger = await newContext(it.browser, 'en-US');
    await storeToken(stranger, await signInByApi(fleet, '+48600777052', HOST));
    const other = await stranger.newPage();
    await other.goto(`${url()}/invoice/${shortId}/`);
    await other.getByRole('heading', { name: 'Order not found' }).waitFor();
    assert.equal(await other.getByRole('table').count(), 0);
  });

  for (const dark of [false, true])
    test(`the invoice and the companies pass axe (WCAG 2.2 AA) in ${dark ? 'dark' : 'light'} mode`, async () => {
      const context = await auditContext(it.browser, { dark, fontScale: 1.25 });
      await storeToken(context, token);
      const page = await context.newPage();
      await page.goto(`${url()}/invoice/${shortId}/`);
      await page.getByRole('article', { name: `VAT invoice ${issued.number}` }).waitFor();
      const onInvoice = await audit(page);
      await page.goto(`${url()}/`);
      await openProfile(page);
      await page.getByRole('button', { name: `Change: ${COMPANY.name}` }).click();
      await page.getByLabel('Company name').waitFor();
      const onCompanies = await audit(page);
      assert.deepEqual(
        [...onInvoice, ...onCompanies]
          .filter((finding) => BLOCKING.has(finding.impact))
          .map((finding) => finding.line),
        [],
      );
    });
});
