// Booking for someone else: the passenger gives the rider's name and phone on
// the order options, sees them on the summary, orders, and the rider is texted the ride's public
// tracking link (read from the development SMS outbox). Real server, real Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const it = useApp();
const RIDER = '+48602000101';

test('a passenger books a ride for someone else, and the rider is texted the tracking link', async () => {
  const token = await signInByApi(it.app, '+48600300400');
  const context = await newContext(it.browser, 'en-US', { timezoneId: 'Europe/Monaco' });
  await storeToken(context, token);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup / }).click();
  await page.getByRole('combobox', { name: 'Search address' }).fill('Boulevard des Moulins 18');
  await page.getByRole('listbox', { name: 'Addresses found' }).getByRole('option').first().click();
  await page.getByRole('button', { name: /^Pickup Boulevard des Moulins/ }).waitFor();
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('heading', { name: 'Order options' }).waitFor();

  const order = page.getByRole('button', { name: 'Order', exact: true });
  await page.getByRole('checkbox', { name: 'Ride for someone else' }).check();
  const phone = page.getByRole('textbox', { name: "Rider's phone" });
  await phone.fill('123 456 789');
  await page.getByRole('alert').getByText('This is not a valid mobile number.').waitFor();
  assert.equal(await order.isDisabled(), true);
  await phone.fill('602 000 101');
  // The name is optional, as the server takes it: a valid phone is enough to order.
  const name = page.getByRole('textbox', { name: "Rider's name (optional)" });
  assert.equal(await order.isEnabled(), true);
  await name.fill('Anna');
  await order.click();

  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await page.locator('.or-summary').getByText('Anna, +48 602 000 101').waitFor();
  // WCAG 3.3.7: back on the options, the rider is not asked for again.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('heading', { name: 'Order options' }).waitFor();
  assert.equal(
    await page.getByRole('checkbox', { name: 'Ride for someone else' }).isChecked(),
    true,
  );
  assert.equal(await name.inputValue(), 'Anna');
  assert.equal(await phone.inputValue(), '+48 602 000 101');
  await order.click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await order.click();
  await page.waitForURL(/\/t\/[^/]+\/[^/]+$/);
  const trackPath = new URL(page.url()).pathname;

  const response = await fetch(
    `${it.app.url}/dev/sms-outbox?${new URLSearchParams({ phone: RIDER })}`,
  );
  const [sms] = (await response.json()) as { text: string }[];
  assert.ok(sms, 'the rider got a text');
  assert.ok(sms.text.includes(`https://localhost${trackPath}`), sms.text);
  await context.close();
});
