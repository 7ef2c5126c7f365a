// WCAG 2.2 AA on every screen: axe-core audits each screen of the real app, signed out and
// signed in, in Polish and English, dark and light, text at 100 % and 150 %, on a 390 and a
// 320 px wide phone. Serious and critical findings fail; the rest are printed.
//
// The 16 looks take eight walks, not sixteen. Each run (RUNS) opens the app in one language,
// colour scheme and text size, all eight of their combinations; within a run every screen is
// audited at both widths: at the width the run opens at, then again after the window is resized
// to the other, without a reload (the layout follows the width; nothing of the app reads it
// once). So every screen is audited in all 16 looks, and each language, scheme and text size is
// also loaded fresh at both widths. docs/accessibility.md lists the walks.
import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { audit, auditContext, BLOCKING, type Look } from '../support/axe.ts';
import { overflow } from '../support/reflow.ts';
import { useApp } from '../support/fixture.ts';
import { demoCorporation } from '../support/app.ts';
import { ride } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';

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

/** The phone widths: a common phone and the narrowest still sold (iPhone SE 1st gen.). */
const PHONES = {
  390: { width: 390, height: 844 },
  320: { width: 320, height: 568 },
} as const;
type Width = keyof typeof PHONES;

/** One walk through the app: its browser language, its look, and the width it opens at. */
interface Run extends Look {
  lang: 'en' | 'pl';
  opensAt: Width;
}

/**
 * Every lang × scheme × text size; the opening width alternates so that each value of each is
 * loaded at both widths. Each run audits both widths.
 */
const RUNS: Run[] = [
  { lang: 'en', dark: true, fontScale: 1, opensAt: 390 },
  { lang: 'en', dark: false, fontScale: 1.5, opensAt: 320 },
  { lang: 'pl', dark: true, fontScale: 1.5, opensAt: 320 },
  { lang: 'pl', dark: false, fontScale: 1, opensAt: 390 },
  { lang: 'en', dark: true, fontScale: 1.5, opensAt: 390 },
  { lang: 'en', dark: false, fontScale: 1, opensAt: 320 },
  { lang: 'pl', dark: true, fontScale: 1, opensAt: 320 },
  { lang: 'pl', dark: false, fontScale: 1.5, opensAt: 390 },
];

/** The names the walk goes by, in the app's own words (its texts.json and shell texts). */
const WORDS = {
  en: {
    login: 'Log in',
    regulations: 'Regulations',
    about: 'About app',
    privacy: 'Privacy policy',
    privacyTaxi: 'Privacy policy taxi',
    deleteAccount: 'Delete account',
    installIos: 'Install on iPhone',
    installAndroid: 'Install on Android',
    rideMap: 'Map of the ride',
    rateQuestion: 'How would you rate this ride?',
    receipt: 'Receipt',
    history: 'Order history',
    again: 'Order again',
    pickup: 'Pickup Floriańska 1, Kraków',
    more: 'More',
    options: 'Order options',
    order: 'Order',
    summary: 'Order summary',
    openMenu: 'Open menu',
    menu: 'Menu',
    activeRides: 'Active rides',
    trackThis: /Track this order$/,
    homepage: 'Homepage',
    myAccount: 'My account',
    activeOrder: 'You have an active order',
    thanks: 'Thank you',
    sorry: 'We are sorry',
  },
  pl: {
    login: 'Logowanie',
    regulations: 'Regulamin',
    about: 'O aplikacji',
    privacy: 'Polityka prywatności',
    privacyTaxi: 'Polityka prywatności taxi',
    deleteAccount: 'Usuwanie konta',
    installIos: 'Instalacja na iPhonie',
    installAndroid: 'Instalacja na Androidzie',
    rideMap: 'Mapa przejazdu',
    rateQuestion: 'Jak oceniasz ten przejazd?',
    receipt: 'Paragon',
    history: 'Historia zamówień',
    again: 'Zamów ponownie',
    pickup: 'Skąd Floriańska 1, Kraków',
    more: 'Więcej',
    options: 'Opcje zamówienia',
    order: 'Zamów',
    summary: 'Podsumowanie zamówienia',
    openMenu: 'Otwórz menu',
    menu: 'Menu',
    activeRides: 'Aktywne przejazdy',
    trackThis: /Śledź to zamówienie$/,
    homepage: 'Strona główna',
    myAccount: 'Moje konto',
    activeOrder: 'Masz aktywne zamówienie',
    thanks: 'Dziękujemy',
    sorry: 'Przepraszamy',
  },
} as const;

const h1 = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ state: 'attached' });

const lookName = (run: Run, width: Width) =>
  `${run.lang} ${width} px ${run.dark ? 'dark' : 'light'} ${run.fontScale * 100} %`;

/** Audits each screen as it is reached, at both widths; fails with every serious or critical finding. */
class Auditor {
  private readonly blocking: string[] = [];
  private readonly others: string[] = [];
  private readonly t: TestContext;
  private readonly run: Run;
  constructor(t: TestContext, run: Run) {
    this.t = t;
    this.run = run;
  }

  async screen(page: Page): Promise<void> {
    const other: Width = this.run.opensAt === 390 ? 320 : 390;
    await this.at(page, this.run.opensAt);
    await page.setViewportSize(PHONES[other]);
    await this.at(page, other);
    // The walk goes on at the width it opened at.
    await page.setViewportSize(PHONES[this.run.opensAt]);
  }

  private async at(page: Page, width: Width): Promise<void> {
    // Laid out at the new size: two frames after the resize the styles and layout are current.
    const worn = await page.evaluate(
      () =>
        new Promise<{ theme?: string; scale: string; lang: string; width: number }>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve({
                theme: document.documentElement.dataset.theme,
                scale: document.documentElement.style.getPropertyValue('--tx-font-scale'),
                lang: document.documentElement.lang,
                width: innerWidth,
              }),
            ),
          ),
        ),
    );
    // The audit is only worth its look: the page wears the stored theme, text size and language.
    assert.deepEqual(worn, {
      theme: this.run.dark ? 'dark' : 'light',
      scale: String(this.run.fontScale),
      lang: this.run.lang,
      width,
    });
    const look = lookName(this.run, width);
    for (const finding of await audit(page)) {
      (BLOCKING.has(finding.impact) ? this.blocking : this.others).push(`${look}: ${finding.line}`);
    }
    // 1.4.10 Reflow at 320 px, in both languages (Polish texts are longer): no sideways scroll,
    // no control off screen or with clipped text (a11y-reflow.test.ts has the same check).
    if (width === 320) {
      const path = new URL(page.url()).pathname;
      for (const line of await overflow(page)) this.blocking.push(`${look}: ${path} ${line}`);
    }
  }

  /** Opens and audits the rating of a finished ride through its link. */
  async ratingScreen(page: Page, link: string): Promise<void> {
    await page.goto(link);
    await page.getByRole('heading', { name: WORDS[this.run.lang].rateQuestion }).waitFor();
    await this.screen(page);
  }

  done(): void {
    for (const line of this.others) this.t.diagnostic(line);
    assert.deepEqual(this.blocking, [], this.blocking.join('\n'));
  }
}

const openRun = (run: Run) =>
  auditContext(it.browser, run, {
    locale: run.lang === 'pl' ? 'pl-PL' : 'en-US',
    viewport: PHONES[run.opensAt],
  });

for (const run of RUNS) {
  const words = WORDS[run.lang];
  describe(`${run.lang}, ${run.dark ? 'dark' : 'light'}, text ${run.fontScale * 100} %, at ${run.opensAt} and ${run.opensAt === 390 ? 320 : 390} px`, () => {
    test('signed out: the login, the legal pages, a shared ride, its rating and its receipt', async (t) => {
      const token = await signInByApi(it.app, newPhone());
      const finished = await ride(it.app, token, true);
      const active = await ride(it.app, token, false);
      const auditor = new Auditor(t, run);
      const context = await openRun(run);
      const page = await context.newPage();
      await page.goto(`${it.app.url}/auth/`);
      await h1(page, words.login);
      await auditor.screen(page);
      for (const [address, heading] of [
        ['/regulations/', words.regulations],
        ['/about-app/', words.about],
        ['/privacy-policy/', words.privacy],
        ['/privacy-taxi/', words.privacyTaxi],
        ['/delete-account/', words.deleteAccount],
        ['/install-ios/', words.installIos],
        ['/install-android/', words.installAndroid],
      ] as const) {
        await page.goto(`${it.app.url}${address}`);
        await h1(page, heading);
        await auditor.screen(page);
      }
      await page.goto(`${it.app.url}/t/${active}`);
      await page.getByRole('region', { name: words.rideMap }).waitFor();
      await auditor.screen(page);
      await auditor.ratingScreen(page, `${it.app.url}/r/${finished}`);
      await page.goto(`${it.app.url}/receipt/${finished}`);
      await h1(page, words.receipt);
      await auditor.screen(page);
      await context.close();
      auditor.done();
    });

    test('signed in: Home, options, summary, history, active rides, Track, rating, account', async (t) => {
      const token = await signInByApi(it.app, newPhone());
      const finished = await ride(it.app, token, true);
      const auditor = new Auditor(t, run);
      const context = await openRun(run);
      await storeToken(context, token);
      const page = await context.newPage();
      // Pages behind the login are reached as a passenger does: a first visit goes Home.
      await page.goto(`${it.app.url}/`);
      await page.getByRole('link', { name: words.history }).click();
      const again = page.getByRole('article').first().getByRole('button', { name: words.again });
      await again.waitFor();
      await auditor.screen(page);
      await again.click();
      await page.getByRole('button', { name: words.pickup }).waitFor();
      await auditor.screen(page);
      await page.getByRole('button', { name: words.more }).click();
      await h1(page, words.options);
      await auditor.screen(page);
      await page.getByRole('button', { name: words.order, exact: true }).click();
      await page.getByRole('heading', { name: words.summary }).waitFor();
      await auditor.screen(page);
      await page.getByRole('button', { name: words.order, exact: true }).click();
      await page.getByRole('region', { name: words.rideMap }).waitFor();
      await auditor.screen(page);
      await page.getByRole('button', { name: words.openMenu }).click();
      const menu = page.getByRole('navigation', { name: words.menu });
      await menu.getByRole('link', { name: words.activeRides }).click();
      await page.getByRole('link', { name: words.trackThis }).waitFor();
      await auditor.screen(page);
      await page.getByRole('button', { name: words.openMenu }).click();
      await menu.getByRole('link', { name: words.homepage }).waitFor();
      await auditor.screen(page);
      await menu.getByRole('link', { name: new RegExp(words.myAccount) }).click();
      await h1(page, words.myAccount);
      await auditor.screen(page);
      await auditor.ratingScreen(page, `${it.app.url}/r/${finished}`);
      await context.close();
      auditor.done();
    });

    test('the active-orders dialog, OrderSuccess and the maintenance page', async (t) => {
      const token = await signInByApi(it.app, newPhone());
      await ride(it.app, token, false);
      const auditor = new Auditor(t, run);
      const context = await openRun(run);
      await storeToken(context, token);
      const page = await context.newPage();
      await page.goto(`${it.app.url}/`);
      const dialog = page.getByRole('dialog', { name: words.activeOrder });
      await dialog.waitFor();
      await auditor.screen(page);
      // OrderSuccess follows an order where the corporation offers no tracking; a fresh load of
      // a page behind the login goes Home, so the app's router is sent there in the page.
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, '/success/');
      await h1(page, words.thanks);
      await auditor.screen(page);
      await page.goto(`${it.app.urlFor(MAINTENANCE_HOST)}/`);
      await h1(page, words.sorry);
      await auditor.screen(page);
      await context.close();
      auditor.done();
    });
  });
}
