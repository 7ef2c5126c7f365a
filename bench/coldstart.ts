// Cold and warm start on a weak mobile network: for each screen, the time from the
// navigation until a person can use it, the JavaScript on the wire before then, the JavaScript
// round trips after the HTML, and the lab LCP and CLS; the median of several runs.
// Profiles: m.uber's 2G (250 kB/s down, 50 kB/s up, 300 ms round trip) and a 4G one (1.6 MB/s,
// 150 ms), both with the CPU slowed 4×. Page-level throttling (CDP) does not slow what the
// service worker itself fetches from the network: warm figures leave that out.
// The browser is driven by a client that never enables DevTools' Runtime domain (bench/cdp.ts):
// with it enabled, as Playwright does, a start here took up to 0.2 s longer on 4G.
// The first row of each profile, the floor, is a page with one button and no script: what this
// browser on this machine takes alone (commit, the GPU channel, the first frame), which the VMs
// this runs on differ in by 2× and more; each screen's time above it, the app's own share, is
// printed beside its time. The floor is measured whatever `screen` keeps.
// Usage: node bench/coldstart.ts [runs=3] [screen]   (starts its own server, uses the published
// releases; `screen` keeps the screens whose name contains it, e.g. "ride link" or "Home";
// COMPOSITE_ON_CPU=1 composites frames without SwiftShader, see below)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp } from '@taxi/e2e/support/app';
import { signInByApi, storeToken } from '@taxi/e2e/support/session';
import { Chromium, type BenchPage, type BrowserContext } from './cdp.ts';
import { rideLinks } from './ride-links.ts';
import { countTrips, type Timed } from './waterfall.ts';
import { loadAverage, median } from './server-common.ts';

const RUNS = Number(process.argv[2] ?? 3);
const ONLY = process.argv[3] ?? '';
/** Long enough for the slowest start on a loaded machine; a bench measures, it does not judge. */
const PATIENCE_MS = 120_000;

interface Profile {
  name: string;
  /** bytes per second */
  down: number;
  up: number;
  rttMs: number;
}

const PROFILES: Profile[] = [
  { name: '2G', down: 250_000, up: 50_000, rttMs: 300 },
  { name: '4G', down: 1_600_000, up: 750_000, rttMs: 150 },
];

/** The element a person uses first on a screen: its role and accessible name. */
interface Control {
  role: 'button' | 'checkbox';
  name: string;
}

interface Screen {
  name: string;
  /** Where the screen opens (a ride link gets a new order for each run: a searching order ends). */
  path: () => Promise<string>;
  /** The server it is on, when not the app's. */
  origin?: string;
  usable: Control;
  /** Prepares the device (a stored login) before the first page opens. */
  prepare?: (context: BrowserContext) => Promise<void>;
  /** Opened once before the measured visit, so that the service worker is installed. */
  warm?: boolean;
  /** Where the worker is installed from, when not the measured path (another ride's link). */
  warmFrom?: () => Promise<string>;
  /** Then opened (unthrottled), so that the latest page the worker keeps is another route's. */
  thenOpen?: string;
}

interface Script extends Timed {
  /** Body bytes as they crossed the network (compressed); headers are left out. */
  wire: number;
  fromCache: boolean;
}

interface Run {
  usableMs: number;
  jsBytes: number;
  jsFiles: number;
  jsTrips: number;
  /** First contentful paint: when the passenger first sees the app (the page's skeleton). */
  fcpMs: number;
  lcpMs: number;
  cls: number;
}

// COMPOSITE_ON_CPU=1: frames composited on the CPU rather than through SwiftShader, the test
// browser's GPU in software (100-600 ms a frame here, a phone's GPU a few ms): what of a start
// is this browser's, not the app's.
const ON_CPU = process.env.COMPOSITE_ON_CPU === '1';
const app = await startApp();
const floor = await startFloor();
const browser = await Chromium.launch(ON_CPU ? ['--disable-gpu-compositing'] : []);

/**
 * Largest contentful paint and cumulative layout shift, gathered by the page as it loads; when
 * each element was first painted after it was put in the page or shown again (a style, hidden
 * or disabled change), by the page's clock; and `__usable(control)`, which resolves with the
 * frame that painted the control and its ancestors last, once it is in the page and visible.
 */
function watchPage(context: BrowserContext): void {
  context.addInitScript(() => {
    type Stamped = Node & { __shownAt?: number };
    // Stamped after the frame that paints the change: rAF runs before that paint, a task
    // queued from it after.
    new MutationObserver((records) => {
      const changed: Node[] = [];
      for (const record of records)
        if (record.type === 'attributes') changed.push(record.target);
        else record.addedNodes.forEach((node) => changed.push(node));
      requestAnimationFrame(() =>
        setTimeout(() => {
          const paintedAt = performance.now();
          for (const node of changed) (node as Stamped).__shownAt = paintedAt;
        }),
      );
    }).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'hidden', 'disabled'],
    });
    const vitals = { fcp: 0, lcp: 0, cls: 0 };
    // Resolves with the vitals once the first contentful and largest paints are both reported,
    // which on a page usable at its first frame (the floor) comes after it is usable.
    let reported = () => {};
    (window as unknown as { __vitals: Promise<typeof vitals> }).__vitals = new Promise(
      (resolve) => (reported = () => vitals.fcp && vitals.lcp && resolve(vitals)),
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
      reported();
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
      reported();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[])
        if (!entry.hadRecentInput) vitals.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    const selectors = {
      button: 'button, [role=button]',
      checkbox: 'input[type=checkbox], [role=checkbox]',
    };
    // The text a screen reader reads: its label, else its text without the hidden icons.
    const textOf = (node: Node): string =>
      node instanceof Element
        ? node.getAttribute('aria-hidden') === 'true'
          ? ''
          : Array.from(node.childNodes, textOf).join('')
        : (node.textContent ?? '');
    const nameOf = (element: Element) =>
      (
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        textOf(element)
      )
        .replace(/\s+/g, ' ')
        .trim();
    const painted = (element: Element) =>
      new Promise<number>((resolve) =>
        // After the stamps of the same changes, which were asked for first.
        requestAnimationFrame(() =>
          setTimeout(() => {
            let at = 0;
            for (let node: Node | null = element; node; node = node.parentNode)
              at = Math.max(at, (node as Stamped).__shownAt ?? 0);
            resolve(at);
          }),
        ),
      );
    (window as unknown as { __usable: unknown }).__usable = (control: Control) =>
      new Promise<number>((resolve) => {
        const find = () =>
          Array.from(document.querySelectorAll(selectors[control.role])).find(
            (element) =>
              nameOf(element) === control.name &&
              element.checkVisibility() &&
              element.getClientRects().length > 0,
          );
        const check = () => {
          const element = find();
          if (!element) return false;
          observer.disconnect();
          void painted(element).then(resolve);
          return true;
        };
        const observer = new MutationObserver(check);
        if (!check())
          observer.observe(document, {
            childList: true,
            subtree: true,
            attributes: true,
            attributeFilter: ['style', 'hidden', 'disabled', 'class'],
          });
      });
  });
}

/** Resolves, once the control is usable, with the page's time of the frame that showed it. */
async function usableAt(page: BenchPage, control: Control): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${control.name} not usable in time`)), PATIENCE_MS);
  });
  try {
    return await Promise.race([
      page.evaluate<number>(`window.__usable(${JSON.stringify(control)})`),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the screen once unthrottled and waits until its files are kept by the service worker. */
async function installServiceWorker(
  context: BrowserContext,
  screen: Screen,
  path: string,
): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${app.url}${path}`);
  await usableAt(page, screen.usable);
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  // A second visit goes through the worker, which keeps every file it passes on.
  await page.reload();
  await usableAt(page, screen.usable);
  await page.close();
}

/** Opens `path` through the worker and waits until it keeps that page as the latest. */
async function openUntilKept(context: BrowserContext, path: string): Promise<void> {
  const page = await context.newPage();
  let documentRequest = '';
  const stop = page.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documentRequest = event.requestId as string;
  });
  await page.goto(`${app.url}${path}`);
  stop();
  const { body: served } = await page.send<{ body: string }>('Network.getResponseBody', {
    requestId: documentRequest,
  });
  const kept = `caches.match('/').then(async (latest) =>
    latest !== undefined && (await latest.text()) !== ${JSON.stringify(served)})`;
  for (const deadline = Date.now() + 30_000; !(await page.evaluate<boolean>(kept));) {
    if (Date.now() > deadline) throw new Error(`the page of ${path} was not kept as the latest`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.close();
}

/** Serves the floor's page, the same markup for every path, on a loopback port of its own. */
async function startFloor() {
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>' +
    '</head><body><p>A page with one button and no script.</p>' +
    '<button type="button">Continue</button></body></html>';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}` };
}

async function measure(screen: Screen, profile: Profile): Promise<Run> {
  const context = await browser.newContext();
  try {
    await screen.prepare?.(context);
    watchPage(context);
    const path = await screen.path();
    if (screen.warm)
      await installServiceWorker(context, screen, (await screen.warmFrom?.()) ?? path);
    if (screen.thenOpen) await openUntilKept(context, screen.thenOpen);
    const page = await context.newPage();
    await page.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.rttMs,
      downloadThroughput: profile.down,
      uploadThroughput: profile.up,
    });
    await page.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scripts = new Map<string, Script>();
    const done: Script[] = [];
    /** When the page's own request went out (CDP's clock, seconds): the page's time zero. */
    let navigationAt: number | undefined;
    type Event = Record<string, unknown> & { requestId: string; timestamp: number };
    page.on('Network.requestWillBeSent', (params) => {
      const event = params as Event & { type?: string };
      if (event.type === 'Document') navigationAt ??= event.timestamp;
      if (event.type === 'Script')
        scripts.set(event.requestId, {
          start: event.timestamp,
          end: 0,
          trip: 0,
          wire: 0,
          fromCache: false,
        });
    });
    page.on('Network.responseReceived', (params) => {
      const event = params as Event & {
        response: { fromServiceWorker?: boolean; fromDiskCache?: boolean };
      };
      const script = scripts.get(event.requestId);
      // Answered by the service worker or the HTTP cache: nothing crossed the network.
      if (script && (event.response.fromServiceWorker || event.response.fromDiskCache))
        script.fromCache = true;
    });
    page.on('Network.dataReceived', (params) => {
      const event = params as Event & { encodedDataLength: number };
      const script = scripts.get(event.requestId);
      if (script && !script.fromCache) script.wire += event.encodedDataLength;
    });
    page.on('Network.loadingFinished', (params) => {
      const event = params as Event;
      const script = scripts.get(event.requestId);
      if (!script) return;
      script.end = event.timestamp;
      done.push(script);
    });
    await page.goto(`${screen.origin ?? app.url}${path}`);
    // Since navigation start: the frame that painted the control and its ancestors last.
    const usableMs = await usableAt(page, screen.usable);
    // The scripts that had arrived when the screen became usable (not when the wait noticed it).
    const before = done.filter((script) => (script.end - (navigationAt ?? 0)) * 1000 <= usableMs);
    const vitals = await page.evaluate<{ fcp: number; lcp: number; cls: number }>(
      'window.__vitals',
    );
    return {
      usableMs,
      jsBytes: before.reduce((sum, script) => sum + script.wire, 0),
      jsFiles: before.length,
      jsTrips: countTrips(before.filter((script) => !script.fromCache)),
      fcpMs: vitals.fcp,
      lcpMs: vitals.lcp,
      cls: vitals.cls,
    };
  } finally {
    await context.close();
  }
}

try {
  const token = await signInByApi(app, '+48600777001');
  const rideLink = rideLinks(app);
  const at = (path: string) => () => Promise.resolve(path);
  // The first thing a person touches on each screen.
  const consent: Control = {
    role: 'checkbox',
    name: 'I accept the regulations and the privacy policy',
  };
  const order: Control = { role: 'button', name: 'Order' };
  const share: Control = { role: 'button', name: 'Share ride' };
  const signedIn = (context: BrowserContext) => storeToken(context, token);
  const floorScreen: Screen = {
    name: 'floor: one button, no script (the browser alone)',
    path: at('/'),
    usable: { role: 'button', name: 'Continue' },
    origin: floor.url,
  };
  const screens: Screen[] = [
    { name: 'login /auth/, new visitor', path: at('/auth/'), usable: consent },
    {
      name: 'login again, service worker installed',
      path: at('/auth/'),
      usable: consent,
      warm: true,
    },
    {
      name: 'login again, the latest page another screen’s',
      path: at('/auth/'),
      usable: consent,
      warm: true,
      thenOpen: '/regulations/',
    },
    {
      name: 'Home, signed in, cold',
      path: at('/'),
      usable: order,
      prepare: signedIn,
    },
    {
      name: 'Home, signed in, service worker installed',
      path: at('/'),
      usable: order,
      prepare: signedIn,
      warm: true,
    },
    {
      name: 'shared ride link /t/{o}/{p}, new visitor',
      path: rideLink,
      usable: share,
    },
    {
      name: 'another ride link, service worker installed by one',
      path: rideLink,
      usable: share,
      warm: true,
      warmFrom: rideLink,
    },
  ];

  console.log(
    `cold start, median of ${RUNS} runs, phone viewport, CPU ×4${ON_CPU ? ', frames composited on the CPU (not SwiftShader)' : ''}; load average ${loadAverage()}`,
  );
  console.log(
    'profile  usable ms  above floor  JS kB wire  JS files  JS trips  FCP ms  LCP ms   CLS     screen',
  );
  for (const profile of PROFILES) {
    // The floor always comes first: each screen's time above it is the app's own share.
    let floorMs = 0;
    for (const screen of [floorScreen, ...screens.filter((each) => each.name.includes(ONLY))]) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(screen, profile));
      const pick = (field: keyof Run) => median(runs.map((r) => r[field]));
      if (screen === floorScreen) floorMs = pick('usableMs');
      console.log(
        [
          profile.name.padEnd(7),
          pick('usableMs').toFixed(0).padStart(9),
          (pick('usableMs') - floorMs).toFixed(0).padStart(13),
          (pick('jsBytes') / 1000).toFixed(1).padStart(11),
          String(pick('jsFiles')).padStart(9),
          String(pick('jsTrips')).padStart(9),
          pick('fcpMs').toFixed(0).padStart(8),
          pick('lcpMs').toFixed(0).padStart(7),
          pick('cls').toFixed(3).padStart(6),
          `  ${screen.name}`,
        ].join(''),
      );
    }
  }
  console.log(
    `load average after: ${loadAverage()} (2 cores shared; times vary with it, bytes and trips do not)`,
  );
} finally {
  await browser.close();
  await app.stop();
  floor.server.close();
}
