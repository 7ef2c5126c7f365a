// Debian's Chromium driven by playwright-core: no browser is ever downloaded.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** A fresh profile speaking `locale` (navigator.languages follows it). */
export async function newContext(
  browser: Browser,
  locale = 'en-US',
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 390, height: 844 },
    ...options,
  });
  context.setDefaultTimeout(15_000);
  return context;
}
