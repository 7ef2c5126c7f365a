// The address search dialog on a phone: once results overflow it, its hint and the result
// count still stand one under the other. Real server, real Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const it = useApp();
const SHOTS = process.env.E2E_SHOTS;

test('with results the hint stays above the result count, neither over the other', async () => {
  const token = await signInByApi(it.app, '+48600100950');
  const context = await newContext(it.browser, 'en-US', { viewport: { width: 360, height: 640 } });
  await storeToken(context, token);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup / }).click();
  const dialog = page.getByRole('dialog', { name: 'Pickup address' });
  await dialog.getByRole('combobox', { name: 'Search address' }).fill('Monte');
  const status = dialog.getByRole('status');
  await status.getByText(/addresses found/).waitFor();
  const hint = dialog.getByText('Type at least 3 characters: a street, a number or a place.');
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'search-dialog.png') });
  // The hint wraps on a phone: its box holds all its lines, and they are above the count.
  const spilled = await hint.evaluate((element) => element.scrollHeight - element.clientHeight);
  assert.equal(spilled, 0, `the hint spills ${spilled}px out of its box`);
  const [hintBox, statusBox] = [(await hint.boundingBox())!, (await status.boundingBox())!];
  assert.ok(
    hintBox.y + hintBox.height <= statusBox.y + 0.5,
    `hint ${JSON.stringify(hintBox)} over the count ${JSON.stringify(statusBox)}`,
  );
  await context.close();
});
