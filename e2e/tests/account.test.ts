// Who the passenger is: login by SMS code (read from the server's development outbox), the
// session across reloads, logout, the profile, change of phone and account deletion.
// Real server, real Chromium, no mocked network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { demoCorporation } from '../support/app.ts';
import { openProfile } from '../support/menu.ts';
import { callApi, latestCode } from '../support/session.ts';

const demo = demoCorporation();
const LEGAL_HOST = 'legal.localhost';
const it = useApp({
  corporations: [
    {
      ...demo,
      id: 'legal-corp',
      hostnames: [LEGAL_HOST],
      settings: { ...demo.settings, corp_legal: true },
    },
  ],
});

let nextNumber = 600_200_100;
/** A new passenger for each login: national digits as typed, and the E.164 number. */
function newPassenger() {
  const national = String(nextNumber++);
  return { national, e164: `+48${national}` };
}

async function openAuth(origin = it.app.url): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(it.browser, 'en-US', { viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${origin}/auth/`);
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  return { context, page };
}

/** Steps 1 and 2: consent, the number, Send code; resolves on step 3. */
async function requestCode(page: Page, national: string): Promise<void> {
  await page
    .getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' })
    .check();
  await page.getByRole('button', { name: 'Next' }).click();
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await phone.fill(national);
  await page.getByText(/^✓ Valid number: \+48/).waitFor();
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('textbox', { name: 'SMS code' }).waitFor();
}

/** Step 3 with the code from the outbox; resolves on Home. */
async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'SMS code' }).fill(code);
  await page.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function logIn(origin = it.app.url) {
  const passenger = newPassenger();
  const { context, page } = await openAuth(origin);
  await requestCode(page, passenger.national);
  const hostname = new URL(origin).hostname;
  const token = await enterCode(page, await latestCode(it.app, passenger.e164, hostname)).then(() =>
    page.evaluate(() => localStorage.getItem('client_token')),
  );
  assert.ok(token, 'the token is stored');
  return { context, page, token, passenger };
}

/** My account, with its phone shown. */
async function openAccount(page: Page): Promise<void> {
  await openProfile(page);
  await page.getByRole('region', { name: 'Phone number' }).waitFor();
}

/** GET_CLIENT with a token, as any client of the API would call it. */
/** GET_CLIENT as the corporation of `origin` (named by the hostname parameter: Node does not resolve *.localhost). */
async function clientWith(token: string, origin = it.app.url) {
  const query = new URLSearchParams({
    action: 'GET_CLIENT',
    lang: 'en',
    auth: token,
    hostname: new URL(origin).hostname,
  });
  const response = await fetch(`${it.app.url}/api/2/?${query}`);
  return (await response.json()) as { status: string; error_data?: string };
}

test('a new passenger consents, gives a number, types the SMS code and lands on Home', async () => {
  const passenger = newPassenger();
  const { context, page } = await openAuth();
  assert.equal(await page.getByRole('button', { name: 'Next' }).isDisabled(), true);
  await requestCode(page, passenger.national);
  await page
    .getByText(
      `We sent a 6‑digit code to +48 ${passenger.national.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')}.`,
    )
    .waitFor();
  const code = await latestCode(it.app, passenger.e164);
  assert.match(code, /^\d{6}$/);
  await enterCode(page, code);
  const token = await page.evaluate(() => localStorage.getItem('client_token'));
  assert.ok(token);
  assert.equal((await clientWith(token)).status, 'OK');
  // Logged in: the bottom bar leads to the profile, which shows the number.
  await openAccount(page);
  await page.getByRole('region', { name: 'Phone number' }).getByText('+48 600 200').waitFor();
  await context.close();
});

test('a phone field that cannot load (offline, say) is no unexpected error while the passenger reads the consent step', async () => {
  const context = await newContext(it.browser, 'en-US', { viewport: { width: 360, height: 740 } });
  await context.route('**/phone-field.*.js', (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  const failed = page.waitForEvent('requestfailed', (request) =>
    request.url().includes('/phone-field.'),
  );
  await page.goto(`${it.app.url}/auth/`);
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  // The consent step loads the next step's field ahead; its failure is settled in later tasks.
  await failed;
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))),
  );
  assert.equal(await page.getByRole('alertdialog').count(), 0);
  await page
    .getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' })
    .waitFor();
  await context.close();
});

test('a wrong code shows the error and the passenger stays in step 3', async () => {
  const passenger = newPassenger();
  const { context, page } = await openAuth();
  await requestCode(page, passenger.national);
  const code = await latestCode(it.app, passenger.e164);
  const wrong = code.replace(/.$/, (digit) => String((Number(digit) + 1) % 10));
  await page.getByRole('textbox', { name: 'SMS code' }).fill(wrong);
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('alert').filter({ hasText: 'Access denied' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/auth/');
  await page.getByText('Step 3 of 3').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('client_token')), null);
  // The right code still works.
  await enterCode(page, code);
  await context.close();
});

test('Cancel in step 3 returns to step 2, and Cancel there starts over without the consent', async () => {
  const passenger = newPassenger();
  const { context, page } = await openAuth();
  await requestCode(page, passenger.national);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('Step 2 of 3').waitFor();
  assert.equal(
    await page.getByRole('textbox', { name: 'Phone number' }).inputValue(),
    passenger.national,
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('Step 1 of 3').waitFor();
  assert.equal(await page.getByRole('checkbox').isChecked(), false);
  await context.close();
});

test('the login works with the keyboard alone', async () => {
  const passenger = newPassenger();
  const { context, page } = await openAuth();
  const consent = page.getByRole('checkbox', {
    name: 'I accept the regulations and the privacy policy',
  });
  for (
    let presses = 0;
    presses < 20 && !(await consent.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Phone number' }).waitFor();
  await page.keyboard.type(passenger.national);
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'SMS code' }).waitFor();
  await page.keyboard.type(await latestCode(it.app, passenger.e164));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  await context.close();
});

test('a reload keeps the session', async () => {
  const { context, page, token, passenger } = await logIn();
  await openAccount(page);
  await page.reload();
  // The session guard sends a reloaded non-public page Home, logged in, not to Auth.
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  assert.equal(await page.evaluate(() => localStorage.getItem('client_token')), token);
  await openAccount(page);
  await page
    .getByText(passenger.national.replace(/(\d{3})(\d{3})(\d{3})/, '+48 $1 $2 $3'))
    .waitFor();
  await context.close();
});

test('logout from the drawer returns to Auth', async () => {
  const { context, page } = await logIn();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('button', { name: 'Logout' })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Logout' });
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/');
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('client_token')), null);
  await page.goto(`${it.app.url}/settings/`);
  await page.waitForURL((url) => url.pathname === '/auth/');
  await context.close();
});

test('the passenger changes the phone number with a code sent to the new one', async () => {
  const { context, page, passenger, token } = await logIn();
  await openAccount(page);
  const phone = page.getByRole('region', { name: 'Phone number' });
  await phone.getByRole('button', { name: 'Change phone number' }).click();
  const input = page.getByRole('textbox', { name: 'New phone number' });
  await input.fill(passenger.national);
  await input.press('Enter');
  await page
    .getByRole('alert')
    .filter({ hasText: 'New phone number is the same as the current one.' })
    .waitFor();
  const next = newPassenger();
  await input.fill(next.national);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page
    .getByRole('alertdialog', { name: 'Change phone number' })
    .getByRole('button', { name: 'Send code' })
    .click();
  // The code field opens once the server has sent the code: only then is it in the outbox.
  const code = page.getByRole('textbox', { name: 'SMS code' });
  await code.waitFor();
  await code.fill(await latestCode(it.app, next.e164));
  await page.getByRole('button', { name: 'OK' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'Your phone number has been changed.' })
    .waitFor();
  await phone.getByText(next.national.replace(/(\d{3})(\d{3})(\d{3})/, '+48 $1 $2 $3')).waitFor();
  const reply = await callApi(it.app, 'GET_PHONE', { auth: token });
  assert.equal(reply.phone, next.e164);
  await context.close();
});

async function deleteAccount(page: Page, request: (url: string) => boolean) {
  await openAccount(page);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete account' });
  await confirm.getByText('This cannot be undone').waitFor();
  const [response] = await Promise.all([
    page.waitForResponse((res) => request(res.url())),
    confirm.getByRole('button', { name: 'Delete my account' }).click(),
  ]);
  const reply = (await response.json()) as Record<string, unknown>;
  const done = page.getByRole('alertdialog', { name: 'Delete account' });
  await done.getByText('Account deleted successfully.').waitFor();
  await done.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/');
  assert.equal(await page.evaluate(() => localStorage.getItem('client_token')), null);
  return reply;
}

test('account deletion (vendor notification) logs out and goes to Auth', async () => {
  const { context, page } = await logIn();
  const reply = await deleteAccount(page, (url) => url.endsWith('/report/account-deletion/'));
  assert.equal(reply.error, undefined);
  await context.close();
});

test('account deletion of a legal-entity corporation (DELETE_REQUEST) logs out and goes to Auth', async () => {
  const origin = it.app.urlFor(LEGAL_HOST);
  const { context, page } = await logIn(origin);
  const reply = await deleteAccount(page, (url) => url.includes('action=DELETE_REQUEST'));
  assert.equal(reply.status, 'OK');
  await context.close();
});

test('after account deletion the old token no longer works', async () => {
  for (const [origin, request] of [
    [it.app.url, (url: string) => url.endsWith('/report/account-deletion/')],
    [it.app.urlFor(LEGAL_HOST), (url: string) => url.includes('action=DELETE_REQUEST')],
  ] as const) {
    const { context, page, token } = await logIn(origin);
    await deleteAccount(page, request);
    assert.equal((await clientWith(token, origin)).status, 'ERR');
    await context.close();
  }
});
