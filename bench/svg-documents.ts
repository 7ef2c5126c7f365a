// The SVG documents Chromium builds on the main thread while a passenger changes screens
// (INP): a signed-in passenger, CPU slowed 4×, picks a pickup on Home, then taps Order (the
// summary opens) and Back, under Chrome's trace. Each new <img> of an SVG, and each fetch of an
// SVG favicon (Chromium fetches it again at every change of screen), builds a document for it.
// Prints, for each run, how many were built and how long each took.
// Usage: node bench/svg-documents.ts [runs=3]   (starts its own server, uses the published releases)
import { startApp } from '@taxi/e2e/support/app';
import { newContext } from '@taxi/e2e/support/browser';
import { signInByApi, storeToken } from '@taxi/e2e/support/session';
import { launchBrowser } from './chromium.ts';
import { loadAverage } from './server-common.ts';

const RUNS = Number(process.argv[2] ?? 3);
const PATIENCE_MS = 60_000;
/** Time for what follows a change of screen (the favicon's fetch, late renders) to happen. */
const SETTLE_MS = 1_000;
/** How long the passenger looks at Home before picking a pickup. */
const LOOKS_MS = 3_000;

const app = await startApp();
const browser = await launchBrowser();
try {
  console.log(`Home → summary → Home, CPU ×4; load average ${loadAverage()}`);
  for (let run = 0; run < RUNS; run++) {
    const token = await signInByApi(app, `+48600778${String(100 + run)}`);
    const context = await newContext(browser, 'en-US', { viewport: { width: 360, height: 740 } });
    await storeToken(context, token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${app.url}/`);
    const order = page.getByRole('button', { name: 'Order', exact: true });
    await order.waitFor({ timeout: PATIENCE_MS });
    await page.waitForLoadState('networkidle');
    // The passenger looks at the map a while before picking (what waits for a quiet page has run).
    await page.waitForTimeout(LOOKS_MS);
    await page.getByRole('button', { name: /^Pickup / }).click();
    await page.getByRole('combobox', { name: 'Search address' }).fill('Boulevard des Moulins 1');
    await page
      .getByRole('listbox', { name: 'Addresses found' })
      .getByRole('option')
      .first()
      .click();
    await page.getByRole('button', { name: /^Pickup Boulevard/ }).waitFor();
    await page.waitForTimeout(SETTLE_MS);

    await browser.startTracing(page, { categories: ['blink'] });
    await order.click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    await page.waitForTimeout(SETTLE_MS);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await order.waitFor();
    await page.waitForTimeout(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: { name: string; dur?: number }[];
    };
    const built = trace.traceEvents
      .filter((event) => event.name === 'IsolatedSVGDocumentHost::IsolatedSVGDocumentHost')
      .map((event) => `${((event.dur ?? 0) / 1000).toFixed(1)} ms`);
    console.log(
      `run ${run + 1}: ${built.length} SVG documents built${built.length ? ` (${built.join(', ')})` : ''}`,
    );
    await context.close();
  }
  console.log(`load average after: ${loadAverage()}`);
} finally {
  await browser.close();
  await app.stop();
}
