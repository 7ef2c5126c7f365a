// Saved places (docs/saved-places.md): a passenger saves Home from a search result, finds it first in the
// search and as a chip on Home, orders with one tap, renames it and deletes it after the
// confirmation; the same passenger on a new phone (another browser context, signed in anew)
// sees the places the server keeps. Real server, real Chromium, no mocked network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { audit, auditContext, BLOCKING } from '../support/axe.ts';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { ride } from '../support/rides.ts';
import { callApi, signInByApi, storeToken } from '../support/session.ts';

const it = useApp();
const PHONE = '+48600100777';

async function phoneOf(token: string) {
  const context = await newContext(it.browser, 'en-US', { timezoneId: 'Europe/Monaco' });
  await storeToken(context, token);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/`);
  await page.getByRole('heading', { name: 'Order a taxi' }).waitFor({ state: 'attached' });
  return { context, page };
}

const homeChip = (page: Page) =>
  page.getByRole('button', { name: /^Home, Boulevard des Moulins 18/ });

async function openSearch(page: Page) {
  await page.getByRole('button', { name: /^Pickup / }).click();
  return page.getByRole('dialog', { name: 'Pickup address' });
}

test('Home saved from a search result comes first in the search, is a one-tap chip, follows to a new phone, is renamed and deleted', async () => {
  const { context, page } = await phoneOf(await signInByApi(it.app, PHONE));

  // Save Home from a search result.
  let search = await openSearch(page);
  const combobox = search.getByRole('combobox', { name: 'Search address' });
  await search.getByRole('button', { name: 'Save a place' }).click();
  await combobox.fill('Boulevard des Moulins 18');
  await search
    .getByRole('listbox', { name: 'Save a place' })
    .getByRole('option', { name: /^Boulevard des Moulins 18, Monaco/ })
    .first()
    .click();
  const save = page.getByRole('dialog', { name: 'Save place' });
  assert.equal(await save.getByRole('radio', { name: 'Home' }).isChecked(), true);
  await save.getByRole('button', { name: 'Save' }).click();
  await search.getByRole('status').getByText('Saved: Home').waitFor();
  // Focus came back from the save dialog into the search.
  assert.equal(await save.count(), 0);
  assert.equal(
    await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')),
    true,
  );

  // First in the search before typing.
  const first = search.getByRole('option').first();
  assert.match(await first.innerText(), /^⌂ Home\s+Boulevard des Moulins 18, Monaco/);
  await combobox.press('Escape');
  await search.waitFor({ state: 'detached' });

  // A chip on Home, named by its visible text first.
  const chip = homeChip(page);
  await chip.waitFor();
  assert.match(await chip.innerText(), /Home$/);

  // The same passenger on a new phone: the server's places, not this device's.
  const { context: other, page: newPhone } = await phoneOf(await signInByApi(it.app, PHONE));
  await homeChip(newPhone).waitFor();
  const otherSearch = await openSearch(newPhone);
  assert.match(await otherSearch.getByRole('option').first().innerText(), /^⌂ Home/);
  await other.close();

  // One tap sets the pickup (no GPS here), then the order goes.
  await chip.click();
  await page.getByRole('button', { name: /^Pickup Boulevard des Moulins 18, Monaco/ }).waitFor();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.waitForURL((url) => /^\/t\/[^/]+\/[^/]+$/.test(url.pathname));

  // Back Home: rename, then delete after the confirmation.
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: 'Order another' }).click();
  search = await openSearch(page);
  const edit = search.getByRole('button', { name: 'Edit saved places' });
  await edit.click();
  const manager = page.getByRole('dialog', { name: 'Saved places' });
  await manager.getByRole('button', { name: 'Rename: Home' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename place' });
  await rename.getByRole('textbox', { name: 'Name (optional)' }).fill('  Mum and Dad ');
  await rename.getByRole('button', { name: 'Save' }).click();
  await manager.getByRole('status').getByText('Saved: Mum and Dad').waitFor();

  await manager.getByRole('button', { name: 'Delete: Mum and Dad' }).click();
  // Named by its heading, as every confirmation is.
  const confirm = page.getByRole('alertdialog', { name: 'Delete address' });
  await confirm.getByText('Are you sure you want to delete this address?').waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await manager.getByRole('button', { name: 'Delete: Mum and Dad' }).waitFor();
  await manager.getByRole('button', { name: 'Delete: Mum and Dad' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await manager.getByRole('status').getByText('Deleted: Mum and Dad').waitFor();
  await manager.getByText('No saved places yet.').waitFor();
  await manager.getByRole('button', { name: 'Done' }).click();
  await manager.waitFor({ state: 'detached' });
  await search.getByRole('button', { name: 'Close search' }).click();
  await page.getByRole('list', { name: /^Saved places/ }).waitFor({ state: 'detached' });
  await context.close();

  // Gone on the server too: a new phone sees no chips.
  const { context: third, page: later } = await phoneOf(await signInByApi(it.app, PHONE));
  // The ride ordered above is still active: its dialog opens first.
  await later.getByRole('button', { name: 'Order another' }).click();
  const laterSearch = await openSearch(later);
  await laterSearch.getByRole('button', { name: 'Save a place' }).waitFor();
  assert.equal(await laterSearch.getByRole('group', { name: 'Saved places' }).count(), 0);
  await third.close();
});

test('saving from the history offers Home, then Work, then Other place; its delete confirmation is named', async () => {
  const token = await signInByApi(it.app, '+48600100779');
  await ride(it.app, token, true);
  const { context, page } = await phoneOf(token);
  await page.getByRole('link', { name: 'Order history' }).click();
  const entry = page.getByRole('article').first();
  for (const kind of ['Home', 'Work', 'Other place']) {
    await entry.getByRole('button', { name: /^Save address: / }).click();
    const save = page.getByRole('dialog', { name: 'Save place' });
    assert.equal(await save.getByRole('radio', { name: kind }).isChecked(), true, kind);
    if (kind === 'Other place') await save.getByRole('textbox', { name: 'Name' }).fill('Wawel');
    await save.getByRole('button', { name: 'Save' }).click();
    await save.waitFor({ state: 'detached' });
  }
  await entry.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete order' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  await context.close();
});

test('the chips, the search with saved places, the save and edit dialogs: no serious or critical axe finding, dark and light', async () => {
  const token = await signInByApi(it.app, '+48600100778');
  const point = {
    id: null,
    lat: 43.7426281,
    lng: 7.4281116,
    quarter: '',
    city: 'Monaco',
    poi_name: '',
    street: 'Boulevard des Moulins',
    number: '18',
    district: '',
  };
  for (const place of [
    { kind: 'home', name: '', point },
    { kind: 'other', name: 'Stade Louis-II', point: { ...point, lat: 43.7275, lng: 7.4155 } },
  ]) {
    const reply = await callApi(it.app, 'SAVE_PLACE', { auth: token, place });
    assert.equal(reply.status, 'OK', JSON.stringify(reply));
  }
  const findings: string[] = [];
  const check = async (page: Page, where: string) => {
    for (const finding of await audit(page))
      if (BLOCKING.has(finding.impact)) findings.push(`${where}: ${finding.line}`);
  };
  for (const dark of [false, true]) {
    const context = await auditContext(it.browser, { dark, fontScale: 1 });
    await storeToken(context, token);
    const page = await context.newPage();
    await page.goto(`${it.app.url}/`);
    await homeChip(page).waitFor();
    await check(page, 'Home with chips');
    const search = await openSearch(page);
    await search.getByRole('group', { name: 'Saved places' }).waitFor();
    await check(page, 'search with saved places');
    await search.getByRole('button', { name: 'Save a place' }).click();
    await search.getByRole('combobox', { name: 'Search address' }).fill('Casino de Monte Carlo');
    await search
      .getByRole('option', { name: /^Casino de Monte Carlo/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Save place' }).waitFor();
    await check(page, 'save dialog');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await search.getByRole('button', { name: 'Cancel saving' }).click();
    await search.getByRole('combobox', { name: 'Search address' }).fill('');
    await search.getByRole('button', { name: 'Edit saved places' }).click();
    await page.getByRole('dialog', { name: 'Saved places' }).waitFor();
    await check(page, 'edit dialog');
    await context.close();
  }
  assert.deepEqual(findings, []);
});
