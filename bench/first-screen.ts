// Prints what a new visitor's browser downloads before the first screen is usable, on a slow
// mobile network and a slow CPU: gzip bytes of JavaScript, how many JavaScript round trips
// follow the HTML, and the time until the screen is ready.
// Usage: node bench/first-screen.ts [path=/auth/] [ready-text]   (starts its own server)
import { gzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { startApp } from '@taxi/e2e/support/app';
import { newContext } from '@taxi/e2e/support/browser';
import { launchBrowser } from './chromium.ts';
import { countTrips } from './waterfall.ts';

const path = process.argv[2] ?? '/auth/';
const readyText = process.argv[3];

interface Fetched {
  url: string;
  type: string;
  bytes: number;
  gzip: number;
  start: number;
  end: number;
  trip: number;
}

const app = await startApp();
const browser = await launchBrowser();
try {
  const context = await newContext(browser, 'pl-PL');
  const page = await context.newPage();
  const fetched: Fetched[] = [];
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    const type = request.resourceType();
    if (!['script', 'document', 'fetch', 'xhr'].includes(type)) return;
    pending.push(
      request.response().then(async (response) => {
        const body = (await response?.body()) ?? Buffer.alloc(0);
        const timing = request.timing();
        fetched.push({
          url: request.url(),
          type,
          bytes: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          start: timing.startTime,
          end: timing.startTime + timing.responseEnd,
          trip: 0,
        });
      }),
    );
  };
  page.on('requestfinished', onFinished);
  // A cheap phone on a slow mobile network: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = performance.now();
  await page.goto(`${app.url}${path}`);
  if (readyText) await page.getByText(readyText).first().waitFor();
  else await page.locator('main h1').first().waitFor();
  const readyMs = performance.now() - started;
  const readyAt = Date.now();
  await Promise.all(pending);
  // What finishes later is not counted; its body, read once the browser is closed, would fail.
  page.off('requestfinished', onFinished);
  await Promise.all(pending);

  const scripts = fetched.filter((entry) => entry.type === 'script');
  const trips = countTrips(scripts);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log(
    `first screen ${path} (new visitor, pl-PL), ready after ${readyMs.toFixed(0)} ms on a throttled network (150 ms RTT, 1.6 Mbit/s, CPU / 4)`,
  );
  console.log('gzip B  raw B   trip  script');
  for (const script of scripts.sort((a, b) => a.trip - b.trip || b.gzip - a.gzip)) {
    const name = script.url.replace(app.url, '');
    console.log(
      `${String(script.gzip).padStart(7)} ${String(script.bytes).padStart(7)}  ${String(script.trip).padStart(4)}  ${name}`,
    );
  }
  const kB = (bytes: number) => `${bytes} B gzip (${(bytes / 1024).toFixed(1)} kB)`;
  const before = scripts.filter((script) => script.end <= readyAt);
  const beforeBytes = before.reduce((sum, script) => sum + script.gzip, 0);
  console.log(
    `JavaScript: ${scripts.length} files, ${kB(total)}, ${trips} sequential round trips after the HTML`,
  );
  console.log(
    `before the screen was ready: ${before.length} files, ${kB(beforeBytes)}, ${countTrips(before)} round trips; the rest arrived in the background`,
  );
  const data = fetched.filter((entry) => entry.type !== 'script' && entry.type !== 'document');
  console.log(
    `data requests before ready: ${data.map((entry) => new URL(entry.url).pathname).join(', ')}`,
  );
} finally {
  await browser.close();
  await app.stop();
}
