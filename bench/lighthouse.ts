// Lighthouse figures: for each screen, Lighthouse's mobile-preset performance score
// and its FCP, LCP, TBT, CLS and Speed Index, the median of several runs. The preset throttles by
// simulation (150 ms round trip, 1.6 Mbps, CPU ×4) from what it observed on this machine, so TBT
// grows with the load of the shared cores. Each run gets a fresh Debian Chromium profile.
// Home and a ride link are also measured with the map held back (the MapLibre chunk and /tiles/
// blocked), and with their frames composited on the CPU rather than through SwiftShader: the
// differences are what the map, and the headless browser's software GPU, cost.
// Usage: node bench/lighthouse.ts [runs=3] [screen]   (starts its own server, uses the published
// releases; `screen` keeps the screens whose name contains it, e.g. "ride link" or "Home").
// The last column is Lighthouse's benchmark index of this machine (its own gauge of the CPU,
// higher is faster), which its simulated CPU ×4 starts from: the VMs this runs on differ.
// LIGHTHOUSE_REPORTS=<folder> also keeps each run's whole report there, as JSON, to see where a
// screen's time went (the network's waterfall, the main thread's tasks, the LCP element).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { startApp } from '@taxi/e2e/support/app';
import { signInByApi } from '@taxi/e2e/support/session';
import { startChromium } from './chromium.ts';
import { mapLibraryFiles } from './map-chunks.ts';
import { rideLinks } from './ride-links.ts';
import { loadAverage, median } from './server-common.ts';

const RUNS = Number(process.argv[2] ?? 3);
const ONLY = process.argv[3] ?? '';
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const AUDITS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;

type Run = Record<keyof typeof AUDITS | 'score' | 'machine', number>;

interface Screen {
  name: string;
  /** Where the screen opens (a ride link gets a new order for each run: a searching order ends). */
  path: () => Promise<string>;
  /** Puts the device's state in the fresh profile before Lighthouse opens the page. */
  prepare?: (debuggingPort: number) => Promise<void>;
  flags?: Flags;
  /** Chromium's own flags beyond the test browser's. */
  chromium?: string[];
}

/** The published files of the MapLibre library (its licence header names it), as URL patterns. */
async function measure(url: string, screen: Screen): Promise<Run> {
  // Opens with a blank page in its default profile.
  const browser = await startChromium([...(screen.chromium ?? []), 'about:blank']);
  try {
    await screen.prepare?.(browser.port);
    const result = await lighthouse(url, {
      port: browser.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...screen.flags,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const name = `${screen.name.replace(/[^\w]+/g, '-')}-${Date.now()}.json`;
      writeFileSync(path.join(REPORTS, name), JSON.stringify(lhr));
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
      fcp: metric(AUDITS.fcp),
      lcp: metric(AUDITS.lcp),
      tbt: metric(AUDITS.tbt),
      cls: metric(AUDITS.cls),
      si: metric(AUDITS.si),
      machine: lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser.stop();
  }
}

const app = await startApp();
try {
  const token = await signInByApi(app, '+48600777001');
  const rideLink = rideLinks(app);
  const at = (where: string) => () => Promise.resolve(where);
  // The map library's files and the tiles blocked: what is left is the app without the map,
  // which the headless browser draws with software WebGL.
  const mapHeldBack = [...mapLibraryFiles().map((file) => `*/${file}`), '*/tiles/*'];
  // The token as a login leaves it, stored on a page of the origin the app never loads
  // (robots.txt), so no service worker or cached file comes with it.
  const signedIn = async (debuggingPort: number) => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${app.url}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('client_token', value), token);
    await page.close();
    await browser.close();
  };
  // The test browser draws each frame through SwiftShader (a GPU in software): 100-600 ms a
  // frame on two shared cores, between a picture's arrival and its paint (a phone's GPU takes a
  // few ms). Composited on the CPU without it, the same pages show what that costs.
  const softwareFrames = ['--disable-gpu-compositing'];
  const screens: Screen[] = [
    { name: 'login /auth/, new visitor', path: at('/auth/') },
    {
      // Lighthouse would clear the stored token with the rest of the origin's storage.
      name: 'Home, signed in, cold (only the token kept: no worker, no cached files)',
      path: at('/'),
      prepare: signedIn,
      flags: { disableStorageReset: true },
    },
    {
      name: 'Home, signed in, cold, frames composited without SwiftShader',
      path: at('/'),
      prepare: signedIn,
      flags: { disableStorageReset: true },
      chromium: softwareFrames,
    },
    {
      name: 'Home, signed in, cold, map held back',
      path: at('/'),
      prepare: signedIn,
      flags: { disableStorageReset: true, blockedUrlPatterns: mapHeldBack },
    },
    { name: 'shared ride link /t/{o}/{p}, new visitor', path: rideLink },
    {
      name: 'shared ride link /t/{o}/{p}, new visitor, map held back',
      path: rideLink,
      flags: { blockedUrlPatterns: mapHeldBack },
    },
    {
      name: 'shared ride link /t/{o}/{p}, new visitor, frames composited without SwiftShader',
      path: rideLink,
      chromium: softwareFrames,
    },
  ];

  console.log(
    `Lighthouse ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`}, mobile preset (simulated: 150 ms RTT, 1.6 Mbps, CPU ×4); load average ${loadAverage()}`,
  );
  console.log('score  FCP ms  LCP ms  TBT ms    CLS   SI ms  machine  screen');
  for (const screen of screens.filter((each) => each.name.includes(ONLY))) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++)
      runs.push(await measure(`${app.url}${await screen.path()}`, screen));
    const pick = (field: keyof Run) => median(runs.map((each) => each[field]));
    console.log(
      [
        pick('score').toFixed(0).padStart(5),
        pick('fcp').toFixed(0).padStart(8),
        pick('lcp').toFixed(0).padStart(8),
        pick('tbt').toFixed(0).padStart(8),
        pick('cls').toFixed(3).padStart(7),
        pick('si').toFixed(0).padStart(8),
        pick('machine').toFixed(0).padStart(9),
        `  ${screen.name}`,
      ].join(''),
    );
  }
  console.log(
    `load average after: ${loadAverage()} (2 cores shared; TBT and the score vary with it)`,
  );
} finally {
  await app.stop();
}
