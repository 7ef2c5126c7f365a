// WCAG 2.2 AA on every screen: axe-core audits each screen of the real app, signed out and
// signed in, dark and light, text at 100 % and 150 %. Serious and critical findings fail; the
// rest are printed.
import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { audit, auditContext, BLOCKING, type Look } from '../support/axe.ts';
import { useApp } from '../support/fixture.ts';
import { demoCorporation } from '../support/app.ts';
import { ride } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';
import { openFromMenu } from '../support/menu.ts';

const demo = demoCorporation();
const MAINTENANCE_HOST = 'maintenance.localhost';
const it = useApp({
  corporations: [
    {
      ...demo,
      id: 'maintenance-corp',
      hostnames: [MAINTENANCE_HOST],
      settings: { ...demo.settings, maintenance: true },
    },
  ],
});
let phoneSeq = 600_700_100;
const newPhone = () => `+48${phoneSeq++}`;

const h1 = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ state: 'attached' });

/** Audits each screen as it is reached; fails with every serious or critical finding. */
class Auditor {
  private readonly blocking: string[] = [];
  private readonly others: string[] = [];
  private readonly t: TestContext;
  private readonly look: Look;
  constructor(t: TestContext, look: Look) {
    this.t = t;
    this.look = look;
  }

  async screen(page: Page): Promise<void> {
    // The audit is only worth its look: the page wears the stored theme and text size.
    const worn = await page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      scale: document.documentElement.style.getPropertyValue('--tx-font-scale'),
    }));
    assert.deepEqual(worn, {
      theme: this.look.dark ? 'dark' : 'light',
      scale: String(this.look.fontScale),
    });
    for (const finding of await audit(page)) {
      (BLOCKING.has(finding.impact) ? this.blocking : this.others).push(finding.line);
    }
  }

  /** Opens and audits the rating of a finished ride through its link. */
  async ratingScreen(page: Page, link: string): Promise<void> {
    await page.goto(link);
    await page.getByRole('heading', { name: 'How would you rate this ride?' }).waitFor();
    await this.screen(page);
  }

  done(): void {
    for (const line of this.others) this.t.diagnostic(line);
    assert.deepEqual(this.blocking, [], this.blocking.join('\n'));
  }
}

const LOOKS: Look[] = [
  { dark: true, fontScale: 1 },
  { dark: false, fontScale: 1 },
  { dark: true, fontScale: 1.5 },
  { dark: false, fontScale: 1.5 },
];

for (const look of LOOKS) {
  describe(`${look.dark ? 'dark' : 'light'}, text ${look.fontScale * 100} %`, () => {
    test('signed out: the login, the legal pages, a shared ride, its rating and its receipt', async (t) => {
      const token = await signInByApi(it.app, newPhone());
      const finished = await ride(it.app, token, true);
      const active = await ride(it.app, token, false);
      const auditor = new Auditor(t, look);
      const context = await auditContext(it.browser, look);
      const page = await context.newPage();
      await page.goto(`${it.app.url}/auth/`);
      await h1(page, 'Log in');
      await auditor.screen(page);
      for (const [address, heading] of [
        ['/regulations/', 'Regulations'],
        ['/about-app/', 'About app'],
        ['/privacy-policy/', 'Privacy policy'],
        ['/privacy-taxi/', 'Privacy policy taxi'],
        ['/delete-account/', 'Delete account'],
        ['/install-ios/', 'Install on iPhone'],
        ['/install-android/', 'Install on Android'],
      ] as const) {
        await page.goto(`${it.app.url}${address}`);
        await h1(page, heading);
        await auditor.screen(page);
      }
      await page.goto(`${it.app.url}/t/${active}`);
      await page.getByRole('region', { name: 'Map of the ride' }).waitFor();
      await auditor.screen(page);
      await auditor.ratingScreen(page, `${it.app.url}/r/${finished}`);
      await page.goto(`${it.app.url}/receipt/${finished}`);
      await h1(page, 'Receipt');
      await auditor.screen(page);
      await context.close();
      auditor.done();
    });

    test('signed in: Home, options, summary, history, active rides, Track, rating, account', async (t) => {
      const token = await signInByApi(it.app, newPhone());
      const finished = await ride(it.app, token, true);
      const auditor = new Auditor(t, look);
      const context = await auditContext(it.browser, look);
      await storeToken(context, token);
      const page = await context.newPage();
      // Pages behind the login are reached as a passenger does: a first visit goes Home.
      await page.goto(`${it.app.url}/`);
      await page.getByRole('link', { name: 'Order history' }).click();
      const again = page.getByRole('article').first().getByRole('button', { name: 'Order again' });
      await again.waitFor();
      await auditor.screen(page);
      await again.click();
      await page.getByRole('button', { name: 'Pickup Floriańska 1, Kraków' }).waitFor();
      await auditor.screen(page);
      await page.getByRole('button', { name: 'More' }).click();
      await h1(page, 'Order options');
      await auditor.screen(page);
      await page.getByRole('button', { name: 'Order', exact: true }).click();
      await page.getByRole('heading', { name: 'Order summary' }).waitFor();
      await auditor.screen(page);
      await page.getByRole('button', { name: 'Order', exact: true }).click();
      await page.getByRole('region', { name: 'Map of the ride' }).waitFor();
      await auditor.screen(page);
      await openFromMenu(page, 'Active rides');
      await page.getByRole('link', { name: /Track this order$/ }).waitFor();
      await auditor.screen(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Menu' });
      await menu.getByRole('link', { name: 'Homepage' }).waitFor();
      await auditor.screen(page);
      await menu.getByRole('link', { name: /My account/ }).click();
      await h1(page, 'My account');
      await auditor.screen(page);
      await auditor.ratingScreen(page, `${it.app.url}/r/${finished}`);
      await context.close();
      auditor.done();
    });

    test('the active-orders dialog, OrderSuccess and the maintenance page', async (t) => {
      const token = await signInByApi(it.app, newPhone());
      await ride(it.app, token, false);
      const auditor = new Auditor(t, look);
      const context = await auditContext(it.browser, look);
      await storeToken(context, token);
      const page = await context.newPage();
      await page.goto(`${it.app.url}/`);
      const dialog = page.getByRole('dialog', { name: 'You have an active order' });
      await dialog.waitFor();
      await auditor.screen(page);
      // OrderSuccess follows an order where the corporation offers no tracking; a fresh load of
      // a page behind the login goes Home, so the app's router is sent there in the page.
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, '/success/');
      await h1(page, 'Thank you');
      await auditor.screen(page);
      await page.goto(`${it.app.urlFor(MAINTENANCE_HOST)}/`);
      await h1(page, 'We are sorry');
      await auditor.screen(page);
      await context.close();
      auditor.done();
    });
  });
}
