// Maintenance with the service worker installed: the maintenance flag is never taken from a
// kept copy, so the first start after the operator turns it on shows the apology page and the
// first start after it ends shows the app (spec sections 1 and 2); the server's first paint of a
// corporation in maintenance is the apology page, and it refuses orders meanwhile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoCorporation } from '../support/app.ts';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { untilInPage } from '../support/poll.ts';
import { callApi, signInByApi } from '../support/session.ts';
import { controlled, serverSays } from '../support/worker.ts';

const demo = demoCorporation();
const it = useApp();

/** The operator switches maintenance in the corporation's file; resolves once the server says so. */
async function setMaintenance(maintenance: boolean): Promise<void> {
  writeFileSync(
    path.join(it.app.corpDir, 'localhost.json'),
    JSON.stringify({ ...demo, settings: { ...demo.settings, maintenance } }),
  );
  await serverSays(`the server says maintenance ${maintenance}`, async () => {
    const settings = (await (await fetch(`${it.app.url}/settings.json`)).json()) as {
      maintenance?: boolean;
    };
    return settings.maintenance === maintenance;
  });
}

test('with the worker installed, the first start after maintenance begins or ends shows the right page', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  const regulations = page.getByRole('heading', { level: 1, name: 'Regulations' });
  await page.goto(`${it.app.url}/regulations/`);
  await regulations.waitFor();
  await controlled(page);
  await page.goto(`${it.app.url}/regulations/`);
  await regulations.waitFor();
  // The worker keeps the settings of the app's own start (without maintenance).
  await untilInPage(
    page,
    async () => !!(await caches.match('/settings.json?hostname=localhost')),
    '',
    { what: 'the settings kept' },
  );

  await setMaintenance(true);
  const during = await page.goto(`${it.app.url}/regulations/`);
  assert.ok(during?.fromServiceWorker(), 'the start came through the worker');
  await page.getByRole('heading', { level: 1, name: 'We are sorry' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/maintenance/');

  await setMaintenance(false);
  const after = await page.goto(`${it.app.url}/regulations/`);
  assert.ok(after?.fromServiceWorker(), 'the start came through the worker');
  await regulations.waitFor();
  assert.equal(new URL(page.url()).pathname, '/regulations/');
  await context.close();
});

test('in maintenance the server paints the apology page on every path and refuses orders', async () => {
  const token = await signInByApi(it.app, '+48600300401');
  await setMaintenance(true);
  try {
    for (const route of ['/', '/auth/', '/regulations/']) {
      const html = await (
        await fetch(`${it.app.url}${route}`, { headers: { 'Accept-Language': 'en-US' } })
      ).text();
      const root = /<div id="?root"?>([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1] ?? '';
      assert.match(root, /class="sk sk--maintenance"/, route);
      assert.match(root, /We are sorry/, route);
      assert.match(root, /Ordering a taxi through the application is currently not possible\./);
      assert.doesNotMatch(root, /Order a taxi|Log in|sk-map/, route);
    }
    const order = {
      order: { order_type: 'Z', poi: { street: 'Floriańska', number: '1', city: 'Kraków' } },
    };
    for (const action of ['ORDER_SIM', 'ORDER_SAVE']) {
      const reply = await callApi(it.app, action, { ...order, auth: token });
      assert.equal(reply.status, 'ERR', action);
      assert.equal(reply.error_data, 'ACTION_NOT_ALLOWED', action);
    }
  } finally {
    await setMaintenance(false);
  }
});
