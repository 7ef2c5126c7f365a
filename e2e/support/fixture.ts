// One running app and one browser per test file.
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { startApp, type Corporation, type RunningApp } from './app.ts';
import { failOnCspViolations, launchBrowser } from './browser.ts';

export interface Fixture {
  app: RunningApp;
  browser: Browser;
}

export function useApp(
  options: { corporations?: Corporation[]; env?: Record<string, string> } = {},
): Fixture {
  const fixture = {} as Fixture;
  failOnCspViolations();
  before(async () => {
    fixture.app = await startApp(options);
    fixture.browser = await launchBrowser();
  });
  after(async () => {
    await fixture.browser?.close();
    await fixture.app?.stop();
  });
  return fixture;
}
