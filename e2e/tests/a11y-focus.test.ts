// WCAG 2.4.11 Focus Not Obscured: on every screen with a bar or a sheet that stays on screen,
// each Tab and Shift+Tab leaves the focused control inside the window and under no such bar,
// on a 390 px and a 320 px wide phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { ride } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';
import { openFromMenu } from '../support/menu.ts';

const it = useApp();
const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;
let phoneSeq = 600_700_300;

/**
 * Why the focused control cannot be seen, or null: it leaves the window, or a bar or sheet that
 * stays on screen (fixed, sticky, or absolute over a layer) is painted over part of it.
 */
async function obscured(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return null;
    const describe = (element: Element) =>
      (
        element.getAttribute('aria-label') ??
        element.closest('label')?.textContent ??
        element.textContent ??
        ''
      )
        .trim()
        .slice(0, 40) || `<${element.tagName.toLowerCase()} class="${element.className}">`;
    const box = active.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return null;
    // The map fills the window: it is seen around the sheet and the tools over it.
    if (box.width >= innerWidth && box.height >= innerHeight) return null;
    const name = describe(active);
    const where = `${Math.round(box.top)}–${Math.round(box.bottom)}`;
    if (
      box.top < -1 ||
      box.left < -1 ||
      box.bottom > innerHeight + 1 ||
      box.right > innerWidth + 1
    ) {
      return `${name} (y ${where}) leaves the ${innerWidth}×${innerHeight} window`;
    }
    for (const bar of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (bar.contains(active) || active.contains(bar)) continue;
      const style = getComputedStyle(bar);
      const staying =
        style.position === 'fixed' ||
        style.position === 'sticky' ||
        (style.position === 'absolute' && style.zIndex !== 'auto');
      if (!staying || style.visibility === 'hidden') continue;
      const over = bar.getBoundingClientRect();
      const top = Math.max(over.top, box.top);
      const bottom = Math.min(over.bottom, box.bottom);
      const left = Math.max(over.left, box.left);
      const right = Math.min(over.right, box.right);
      if (bottom - top < 1 || right - left < 1) continue;
      // The bar counts where it is painted over the control, not where it lies beneath it.
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (hit && bar.contains(hit)) {
        return `${name} (y ${where}) under ${describe(bar)} (y ${Math.round(over.top)}–${Math.round(over.bottom)})`;
      }
    }
    return null;
  });
}

/**
 * Tabs through the whole screen forwards, then backwards, noting every hidden focus. A screen
 * starts from its top; a dialog from where it put the focus.
 */
async function tabThrough(
  page: Page,
  screen: string,
  problems: string[],
  fromTop = true,
): Promise<void> {
  if (fromTop) {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      scrollTo(0, 0);
    });
  }
  for (const key of ['Tab', 'Shift+Tab']) {
    const seen = new Set<string>();
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press(key);
      const id = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'body';
        const path: number[] = [];
        for (let node: Element | null = active; node?.parentElement; node = node.parentElement) {
          path.push(Array.from(node.parentElement.children).indexOf(node));
        }
        return path.join('.');
      });
      // Once the focus comes round to a control it has visited, the screen is done.
      if (seen.has(id)) break;
      seen.add(id);
      const problem = await obscured(page);
      if (problem) problems.push(`${screen} ${key}: ${problem}`);
    }
  }
}

for (const viewport of PHONES) {
  test(`${viewport.width} px: Home, Order options with a rider, summary, history, Track, account`, async () => {
    const problems: string[] = [];
    const at = `${viewport.width} px`;
    // A passenger with a ride under way: Track, and Home's dialog about it.
    const riding = await signInByApi(it.app, `+48${phoneSeq++}`);
    const active = await ride(it.app, riding, false);
    const tracking = await newContext(it.browser, 'en-US', { viewport });
    await storeToken(tracking, riding);
    const trackPage = await tracking.newPage();
    await trackPage.goto(`${it.app.url}/t/${active}`);
    await trackPage.getByRole('region', { name: 'Map of the ride' }).waitFor();
    await tabThrough(trackPage, `${at} Track`, problems);
    // Larger text makes the panel as tall as it may be: the map keeps room for its tools and credits.
    await trackPage.evaluate(() => (document.documentElement.style.fontSize = '150%'));
    await tabThrough(trackPage, `${at} Track, text at 150 %`, problems);
    await trackPage.evaluate(() => (document.documentElement.style.fontSize = ''));
    await trackPage.goto(`${it.app.url}/`);
    await trackPage.getByRole('dialog', { name: 'You have an active order' }).waitFor();
    await tabThrough(trackPage, `${at} active-orders dialog`, problems, false);
    await tracking.close();

    // A passenger with a past ride orders again.
    const token = await signInByApi(it.app, `+48${phoneSeq++}`);
    await ride(it.app, token, true);
    const context = await newContext(it.browser, 'en-US', { viewport });
    await storeToken(context, token);
    const page = await context.newPage();
    await page.goto(`${it.app.url}/`);
    await page.getByRole('link', { name: 'Order history' }).waitFor();
    // Home is whole once the corporation's features are in: their chips come before Password's.
    await page.getByRole('list', { name: 'Order options' }).getByRole('button').first().waitFor();
    await tabThrough(page, `${at} Home`, problems);

    await page.getByRole('link', { name: 'Order history' }).click();
    const again = page.getByRole('article').first().getByRole('button', { name: 'Order again' });
    await again.waitFor();
    await tabThrough(page, `${at} history`, problems);
    await again.click();
    await page.getByRole('button', { name: 'Pickup Floriańska 1, Kraków' }).waitFor();
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order options' }).waitFor();
    await page.getByRole('checkbox', { name: 'Ride for someone else' }).check();
    await page.getByRole('textbox', { name: "Rider's phone" }).waitFor();
    await tabThrough(page, `${at} Order options`, problems);
    await page.getByRole('checkbox', { name: 'Ride for someone else' }).uncheck();
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    await tabThrough(page, `${at} Order summary`, problems);

    await openFromMenu(page, /My account/);
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await tabThrough(page, `${at} account`, problems);
    await context.close();

    assert.deepEqual(problems, [], problems.join('\n'));
  });
}
