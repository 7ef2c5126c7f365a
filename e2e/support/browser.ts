// Debian's Chromium driven by playwright-core: no browser is ever downloaded.
import { after, afterEach } from 'node:test';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium headless, WebGL in software (swiftshader), nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** Content-Security-Policy violations the pages of this test file reported, not yet checked. */
const violations: string[] = [];

/** The violations reported so far, which then no longer fail the test (for a test that provokes one). */
export function takeViolations(): string[] {
  return violations.splice(0);
}

function failOnViolations(): void {
  const found = takeViolations();
  if (found.length > 0) throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
}

/**
 * Every test of the calling file fails on a CSP violation of its pages: the app must run under
 * its own policy. Called by each test file (through useApp), not on import: benchmarks use
 * this module outside the test runner.
 */
export function failOnCspViolations(): void {
  afterEach(failOnViolations);
  // A report that arrives after the file's last test still fails the file.
  after(failOnViolations);
}

/** Each page reports its violations to the test, over navigations and reloads. */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__taxiCspViolation', (source, text: string) =>
    violations.push(`${source.page?.url() ?? '(worker)'}: ${text}`),
  );
  await context.addInitScript(() => {
    addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __taxiCspViolation: (text: string) => void }).__taxiCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`,
      ),
    );
  });
  // Violations in workers reach the console only.
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
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
  await recordViolations(context);
  return context;
}
