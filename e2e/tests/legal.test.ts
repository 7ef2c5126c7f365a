import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';

const it = useApp();

async function openRegulations(locale: string) {
  const context = await newContext(it.browser, locale);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/regulations/`);
  return { context, page };
}

test('a Polish browser reads the regulations in Polish', async () => {
  const { context, page } = await openRegulations('pl-PL');
  await page.getByRole('heading', { level: 1, name: 'Regulamin' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');
  assert.match(await page.locator('main').innerText(), /14 dni/);
  await context.close();
});

test('an English browser reads the regulations in English', async () => {
  const { context, page } = await openRegulations('en-US');
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  assert.match(await page.locator('main').innerText(), /14 days/);
  await context.close();
});

test('a browser language the app does not speak falls back to English', async () => {
  const { context, page } = await openRegulations('de-DE');
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await context.close();
});

test('every legal page opens for a visitor, and #privacy at start opens the privacy policy', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  for (const [path, heading] of [
    ['/about-app/', 'About app'],
    ['/privacy-policy/', 'Privacy policy'],
    ['/privacy-taxi/', 'Privacy policy taxi'],
    ['/delete-account/', 'Delete account'],
    ['/install-ios/', 'Install on iPhone'],
  ]) {
    await page.goto(`${it.app.url}${path}`);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  }
  await page.goto(`${it.app.url}/#privacy`);
  await page.getByRole('heading', { level: 1, name: 'Privacy policy', exact: true }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/privacy-policy/');
  await context.close();
});
