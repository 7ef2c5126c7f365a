import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { demoCorporation } from '../support/app.ts';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { signInByApi, storeToken } from '../support/session.ts';

// A second corporation beside the demo one (and no demo fleet, as in every browser test): the
// start where the token check's failure was lost every time.
const demo = demoCorporation();
const it = useApp({ corporations: [{ ...demo, id: 'second', hostnames: ['second.localhost'] }] });

/** The start's check of a kept token, and only it. */
const isTokenCheck = (url: URL) =>
  url.pathname === '/api/2/' && url.searchParams.get('action') === 'GET_AUTH';

/** Moments of the start, each with what is awaited before the token check fails. */
const MOMENTS: [string, (page: Page) => Promise<unknown>][] = [
  ['as soon as it is sent, while the first screen renders', async () => {}],
  [
    'once the skeleton has made way for the app',
    (page) => page.waitForFunction(() => !document.querySelector('#root .sk')),
  ],
  [
    "once Home's screen is drawn",
    (page) => page.getByRole('button', { name: 'Order', exact: true }).waitFor(),
  ],
];

MOMENTS.forEach(([moment, reached], n) => {
  test(`a kept token whose check fails ${moment}: Auth says the server could not be reached`, async () => {
    const token = await signInByApi(it.app, `+4860030040${n}`);
    const passenger = await newContext(it.browser, 'en-US');
    await storeToken(passenger, token);
    const tab = await passenger.newPage();
    // A phone's CPU: the first screen renders in slices for long enough that the check's
    // failure lands among them, before the router listens.
    await (await passenger.newCDPSession(tab)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let failed!: () => void;
    const checkFailed = new Promise<void>((resolve) => (failed = resolve));
    // The network error under test, of this one call: every other call reaches the server.
    await tab.route(isTokenCheck, async (route) => {
      await reached(tab);
      await route.abort('internetdisconnected');
      failed();
    });
    await tab.goto(`${it.app.url}/`);
    await checkFailed;

    await tab.waitForURL((url) => url.pathname === '/auth/');
    // The screen is the address's: Auth offering to try again, Home gone.
    await tab.getByRole('heading', { level: 1, name: 'We could not reach the server' }).waitFor();
    assert.equal(new URL(tab.url()).pathname, '/auth/');
    assert.deepEqual(await tab.getByRole('heading', { level: 1 }).allTextContents(), [
      'We could not reach the server',
    ]);
    assert.equal(await tab.evaluate(() => localStorage.getItem('client_token')), token);
    await passenger.close();
  });
});
