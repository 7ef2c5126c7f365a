// The screens the browser benchmarks open, each until a passenger can use it.
import type { BrowserContext, Page } from 'playwright-core';
import type { RunningApp } from '@taxi/e2e/support/app';
import { signInByApi, storeToken } from '@taxi/e2e/support/session';

/** Home of a passenger signed in by `phone`, once Order is there. */
export async function openHome(
  app: RunningApp,
  context: BrowserContext,
  phone: string,
): Promise<Page> {
  await storeToken(context, await signInByApi(app, phone));
  const page = await context.newPage();
  await page.goto(`${app.url}/`);
  await page.getByRole('button', { name: 'Order', exact: true }).waitFor();
  return page;
}

/** Track of a shared ride link (`/t/{o}/{p}`), once Share ride is there. */
export async function openRideLink(
  app: RunningApp,
  context: BrowserContext,
  link: string,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.url}${link}`);
  await page.getByRole('button', { name: 'Share ride' }).waitFor();
  return page;
}
