// WCAG 3.3.8 Accessible Authentication and 3.3.7 Redundant Entry on the login: the phone and the
// SMS code can be pasted, the code fills itself through the Web OTP API where the browser has it
// (asked with an AbortSignal, aborted when the code step is left), and the phone is shown on the
// code step and kept when the passenger comes back to it. Real server, real Chromium; the Web
// OTP API is stubbed in the page (no SMS reaches a headless browser), the network is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { latestCode } from '../support/session.ts';

const it = useApp();
const NATIONAL = '600700960';
const PHONE = `+48${NATIONAL}`;

interface Asked {
  transport: unknown;
  withSignal: boolean;
  aborted: boolean;
}

/** What the page asked navigator.credentials.get for, in order, and whether each was aborted. */
const asked = (page: Page): Promise<Asked[]> =>
  page.evaluate(() =>
    (
      window as unknown as { __otp: { asked: { options: CredentialRequestOptions }[] } }
    ).__otp.asked.map(({ options }) => ({
      transport: (options as { otp?: { transport?: unknown } }).otp?.transport,
      withSignal: options.signal instanceof AbortSignal,
      aborted: options.signal?.aborted ?? false,
    })),
  );

/** Waits until the page has asked navigator.credentials.get `count` times in all. */
const askedTimes = (page: Page, count: number) =>
  page.waitForFunction(
    (times) => (window as unknown as { __otp: { asked: unknown[] } }).__otp.asked.length >= times,
    count,
  );

/** Pastes `text` into `field` through the system clipboard (Ctrl+V), as a passenger does. */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.fill('');
  await field.focus();
  await page.keyboard.press('Control+V');
}

test('login: phone and code pasted, the code filled by Web OTP, the phone never asked twice', async () => {
  const context = await newContext(it.browser, 'en-US', {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  // The browser's own API, answered by the test: each ask is recorded and resolves when the
  // test says so, or rejects when its signal aborts.
  await context.addInitScript(() => {
    const otp = {
      asked: [] as { options: CredentialRequestOptions; resolve: (code: string) => void }[],
    };
    (window as unknown as { __otp: typeof otp }).__otp = otp;
    navigator.credentials.get = (options?: CredentialRequestOptions) =>
      new Promise((resolve, reject) => {
        const ask = {
          options: options ?? {},
          resolve: (code: string) => resolve({ id: '', type: 'otp', code } as Credential),
        };
        otp.asked.push(ask);
        options?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
  });
  const page = await context.newPage();
  await page.goto(`${it.app.url}/auth/`);
  assert.equal(await page.evaluate(() => 'OTPCredential' in window), true, 'Chromium has Web OTP');

  await page
    .getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' })
    .check();
  await page.getByRole('button', { name: 'Next' }).click();
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await paste(page, phone, NATIONAL);
  assert.equal(await phone.inputValue(), NATIONAL);
  await page.getByText(/^✓ Valid number: \+48/).waitFor();
  await page.getByRole('button', { name: 'Send code' }).click();

  // 3.3.7: the code step shows the number, and asks for nothing but the code.
  const code = page.getByRole('textbox', { name: 'SMS code' });
  await code.waitFor();
  await page.getByText('We sent a 6‑digit code to +48 600 700 960.').waitFor();
  assert.equal(await phone.count(), 0);
  await askedTimes(page, 1);
  assert.deepEqual(await asked(page), [{ transport: ['sms'], withSignal: true, aborted: false }]);

  // Leaving the code step aborts the wait; back on the phone step the number is still there.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await phone.waitFor();
  assert.deepEqual(await asked(page), [{ transport: ['sms'], withSignal: true, aborted: true }]);
  assert.equal(await phone.inputValue(), NATIONAL);
  await page.getByRole('button', { name: 'Send code' }).click();
  await code.waitFor();

  // The SMS arrives: its code fills the field without typing.
  const sent = await latestCode(it.app, PHONE);
  await askedTimes(page, 2);
  const answers = await asked(page);
  assert.equal(answers.length, 2);
  assert.deepEqual(answers[1], { transport: ['sms'], withSignal: true, aborted: false });
  await page.evaluate((value) => {
    const { asked: all } = (
      window as unknown as { __otp: { asked: { resolve: (code: string) => void }[] } }
    ).__otp;
    all.at(-1)?.resolve(value);
  }, sent);
  await page.waitForFunction(
    (value) =>
      (document.querySelector('input[autocomplete="one-time-code"]') as HTMLInputElement | null)
        ?.value === value,
    sent,
  );
  // Pasting the code works as well.
  await paste(page, code, sent);
  assert.equal(await code.inputValue(), sent);
  await page.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await context.close();
});
