// WCAG 1.4.4 and 1.4.10: at 320 CSS px wide with text at 150 %, the main screens reflow — no
// horizontal scrolling, and every control stays whole on the screen and shows all its text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { auditContext } from '../support/axe.ts';
import { overflow } from '../support/reflow.ts';
import { useApp } from '../support/fixture.ts';
import { ride } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const it = useApp();
const NARROW = { viewport: { width: 320, height: 640 } };
const LARGE_TEXT = { dark: false, fontScale: 1.5 };

async function check(page: Page, problems: string[]): Promise<void> {
  const path = new URL(page.url()).pathname;
  for (const line of await overflow(page)) problems.push(`${path} ${line}`);
}

test('320 px and text at 150 %: the login, Home, the order screens, history and account', async () => {
  const problems: string[] = [];
  const token = await signInByApi(it.app, '+48600700900');
  await ride(it.app, token, true);

  const visitor = await auditContext(it.browser, LARGE_TEXT, NARROW);
  const login = await visitor.newPage();
  await login.goto(`${it.app.url}/auth/`);
  await login.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  await check(login, problems);
  await visitor.close();

  const context = await auditContext(it.browser, LARGE_TEXT, NARROW);
  await storeToken(context, token);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/`);
  await page.getByRole('link', { name: 'Order history' }).waitFor();
  await check(page, problems);
  await page.getByRole('link', { name: 'Order history' }).click();
  const again = page.getByRole('article').first().getByRole('button', { name: 'Order again' });
  await again.waitFor();
  await check(page, problems);
  await again.click();
  await page.getByRole('button', { name: 'Pickup Floriańska 1, Kraków' }).waitFor();
  await check(page, problems);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('heading', { level: 1, name: 'Order options' }).waitFor();
  await check(page, problems);
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await check(page, problems);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await menu.getByRole('link', { name: 'Homepage' }).waitFor();
  await check(page, problems);
  await menu.getByRole('link', { name: /My account/ }).click();
  await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  await check(page, problems);
  await context.close();

  assert.deepEqual(problems, [], problems.join('\n'));
});
