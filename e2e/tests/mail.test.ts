// Receipts by e-mail in Chromium against the real server and a real SMTP server started here:
// the passenger sets an address in the profile, confirms it through the link the SMTP server
// received, and the profile says it is confirmed; axe audits the profile's e-mail section and
// the confirmation page in English and Polish.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startSmtpServer } from '@taxi/server/test-support/smtp-server';
import { until } from '@taxi/server/test-support/until';
import { newContext } from '../support/browser.ts';
import { audit, auditContext, BLOCKING } from '../support/axe.ts';
import { useApp } from '../support/fixture.ts';
import { openProfile } from '../support/menu.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const smtp = await startSmtpServer();
const it = useApp({ env: { SMTP_URL: smtp.url } });

afterEach(async () => {
  for (const context of it.browser.contexts()) await context.close();
});

/** The confirmation link of the n-th mail to `address`, on this server (the mail names https://localhost). */
async function mailedLink(address: string, n = 1): Promise<string> {
  const mail = await until(
    'the confirmation mail',
    async () =>
      smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address)[n - 1],
  );
  const link = new URL(/https:\/\/\S+/.exec(mail.text ?? '')![0]);
  return `${it.app.url}${link.pathname}${link.search}`;
}

const emailSection = (page: Page, name = 'E-mail for receipts') =>
  page.getByRole('region', { name });

test('an address set in the profile is confirmed by the link mailed to it', async () => {
  const token = await signInByApi(it.app, '+48600888001');
  const context = await newContext(it.browser, 'en-US');
  await storeToken(context, token);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/`);
  await openProfile(page);
  const section = emailSection(page);
  const field = section.getByRole('textbox', { name: 'E-mail address' });
  await field.fill('anna@example');
  await section.getByRole('button', { name: 'Save and send the link' }).click();
  await section.getByRole('alert').filter({ hasText: 'Invalid e-mail address.' }).waitFor();
  await field.fill('anna.e2e@example.com');
  await section.getByRole('button', { name: 'Save and send the link' }).click();
  await section.getByRole('status').filter({ hasText: 'We sent a confirmation link' }).waitFor();
  await section.getByText('Not confirmed', { exact: true }).waitFor();

  await page.goto(await mailedLink('anna.e2e@example.com'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }).waitFor();

  await page.goto(`${it.app.url}/`);
  await openProfile(page);
  await section.getByText('Confirmed', { exact: true }).waitFor();
  assert.equal(await section.getByRole('button', { name: 'Send the link again' }).count(), 0);
});

test('the e-mail section and the confirmation page have no serious axe findings, in English and Polish', async () => {
  const findings: string[] = [];
  const check = async (page: Page, where: string) => {
    for (const finding of await audit(page))
      if (BLOCKING.has(finding.impact)) findings.push(`${where}: ${finding.line}`);
  };
  let phone = 600_888_100;
  for (const [locale, texts] of [
    [
      'en-US',
      {
        section: 'E-mail for receipts',
        label: 'E-mail address',
        save: 'Save and send the link',
        confirm: 'Confirm',
      },
    ],
    [
      'pl-PL',
      {
        section: 'E-mail do paragonów',
        label: 'Adres e-mail',
        save: 'Zapisz i wyślij link',
        confirm: 'Potwierdź',
      },
    ],
  ] as const) {
    for (const dark of [false, true]) {
      const address = `axe-${locale}-${dark}@example.com`.toLowerCase();
      const token = await signInByApi(it.app, `+48${++phone}`);
      const context = await auditContext(it.browser, { dark, fontScale: 1 }, { locale });
      await storeToken(context, token);
      const page = await context.newPage();
      await page.goto(`${it.app.url}/`);
      await openProfile(page);
      const section = emailSection(page, texts.section);
      await section.getByRole('textbox', { name: texts.label }).fill('not-an-address');
      await section.getByRole('button', { name: texts.save }).click();
      await section.getByRole('alert').waitFor();
      await check(page, `${locale} ${dark ? 'dark' : 'light'} form with an error`);
      await section.getByRole('textbox', { name: texts.label }).fill(address);
      await section.getByRole('button', { name: texts.save }).click();
      await section.getByRole('status').waitFor();
      await check(page, `${locale} ${dark ? 'dark' : 'light'} not confirmed`);
      await page.goto(await mailedLink(address));
      await page.getByRole('button', { name: texts.confirm }).waitFor();
      await check(page, `${locale} confirmation page`);
      await page.getByRole('button', { name: texts.confirm }).click();
      await page.getByRole('status').waitFor();
      await check(page, `${locale} confirmed page`);
      await context.close();
    }
  }
  assert.deepEqual(findings, []);
});
