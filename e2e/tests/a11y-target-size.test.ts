// WCAG 2.5.8 Target Size (Minimum): every pointer target of each screen, measured from the
// layout of a 390 px phone, is at least 24×24 CSS px, or a 24 px circle on its centre reaches
// no other target. Links inside a sentence are exempt, as the criterion exempts them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { ride } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const it = useApp();

/** The targets of the screen too small and too close to another, one line each. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 24;
    const seen = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
    };
    // A checkbox or radio is tapped through its label too: the label's box is its target.
    const areaOf = (element: Element) => {
      const label = element.closest('label');
      return element instanceof HTMLInputElement && label ? label : element;
    };
    // A link in a sentence is sized by the line it is in (the criterion's inline exception).
    const inSentence = (element: Element) =>
      element.tagName === 'A' &&
      (element.parentElement?.textContent ?? '').trim().length >
        (element.textContent ?? '').trim().length + 1 &&
      getComputedStyle(element).display === 'inline';
    const targets = Array.from(
      document.querySelectorAll(
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="radio"], [role="option"]',
      ),
    )
      .filter((element) => seen(element) && !inSentence(element))
      .map((element) => ({ element, box: areaOf(element).getBoundingClientRect() }));
    const name = (element: Element) =>
      (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40) ||
      `<${element.tagName.toLowerCase()} class="${element.className}">`;
    const found: string[] = [];
    for (const { element, box } of targets) {
      if (box.width >= MIN - 0.5 && box.height >= MIN - 0.5) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const crowded = targets.find(({ element: other, box: near }) => {
        if (other === element || other.contains(element) || element.contains(other)) return false;
        // Distance from the centre to the other target's box, or to the other's own circle.
        const dx = Math.max(near.left - x, 0, x - near.right);
        const dy = Math.max(near.top - y, 0, y - near.bottom);
        const small = near.width < MIN - 0.5 || near.height < MIN - 0.5;
        if (small) {
          const cx = near.left + near.width / 2 - x;
          const cy = near.top + near.height / 2 - y;
          return Math.hypot(cx, cy) < MIN;
        }
        return Math.hypot(dx, dy) < MIN / 2;
      });
      if (crowded) {
        found.push(
          `${name(element)} (${Math.round(box.width)}×${Math.round(box.height)}) next to ${name(crowded.element)}`,
        );
      }
    }
    return found;
  });
}

test('390 px: every target of Home, the search, options, history, Track, rating, menu and account', async () => {
  const problems: string[] = [];
  const check = async (page: Page, screen: string) => {
    for (const line of await smallTargets(page)) problems.push(`${screen}: ${line}`);
  };
  const token = await signInByApi(it.app, '+48600700410');
  const finished = await ride(it.app, token, true);
  const riding = await signInByApi(it.app, '+48600700411');
  const active = await ride(it.app, riding, false);
  const context = await newContext(it.browser);
  await storeToken(context, token);
  const page = await context.newPage();

  await page.goto(`${it.app.url}/t/${active}`);
  await page.getByRole('region', { name: 'Map of the ride' }).waitFor();
  await check(page, 'Track');
  await page.goto(`${it.app.url}/r/${finished}`);
  await page.getByRole('heading', { name: 'How would you rate this ride?' }).waitFor();
  await check(page, 'rating');

  await page.goto(`${it.app.url}/`);
  await page.getByRole('link', { name: 'Order history' }).waitFor();
  await check(page, 'Home');
  await page.getByRole('button', { name: /^Pickup / }).click();
  const search = page.getByRole('dialog', { name: 'Pickup address' });
  await search.getByRole('combobox', { name: 'Search address' }).fill('Floriańska');
  await search.getByRole('option').first().waitFor();
  await check(page, 'address search');
  await search.getByRole('combobox', { name: 'Search address' }).press('Escape');
  await search.waitFor({ state: 'detached' });

  await page.getByRole('link', { name: 'Order history' }).click();
  const again = page.getByRole('article').first().getByRole('button', { name: 'Order again' });
  await again.waitFor();
  await check(page, 'history');
  await again.click();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('heading', { level: 1, name: 'Order options' }).waitFor();
  await page.getByRole('checkbox', { name: 'Ride for someone else' }).check();
  await page.getByRole('textbox', { name: "Rider's phone" }).waitFor();
  await check(page, 'Order options');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Homepage' }).waitFor();
  await check(page, 'menu');
  await menu.getByRole('link', { name: /My account/ }).click();
  await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  await check(page, 'account');
  await context.close();

  assert.deepEqual(problems, [], problems.join('\n'));
});
