// Interaction to Next Paint on Home (the goal: INP ≤100 ms for opening the address search and
// for a tap on Order): a signed-in passenger on a phone viewport, CPU slowed 4× and m.uber's 2G
// profile, taps Pickup (the address search opens), picks an address, taps Order (the summary
// opens) at once, goes Back and taps Order again once the map has drawn nothing for a second
// (the tap a passenger makes after checking the pin). For each tap it prints the median over the
// runs of the interaction's latency as the browser's Event Timing API reports it (input delay,
// handlers and the next paint, in steps of 8 ms; "<16" when none of its events reached 16 ms,
// which the API leaves unreported): what INP takes for that interaction, and for the tap on Order
// where that event's time went (waiting for the main thread, its handlers, then until the paint);
// and the time from the tap on Order to the frame that painted the summary, and from the
// summary's Order (ORDER_SAVE included) to Track's first frame and to its map drawn whole (the
// last frame before a quiet second). Three ways: the map as a passenger first gets it (pictures,
// the lite map); the interactive WebGL map, started by a tap on the map before anything else;
// and the map held back (its chunk and tiles blocked), since this headless browser draws the
// interactive map with software WebGL.
// Usage: node bench/interactions.ts [runs=5] [way]   (starts its own server, uses the published
// releases; `way` keeps the ways whose name contains it: pictures, interactive or held back)
import type { Page } from 'playwright-core';
import { startApp } from '@taxi/e2e/support/app';
import { newContext } from '@taxi/e2e/support/browser';
import { HOME_MAP, reachForMap } from '@taxi/e2e/support/map';
import { signInByApi, storeToken } from '@taxi/e2e/support/session';
import { launchBrowser } from './chromium.ts';
import { holdMapBack } from './map-chunks.ts';
import { loadAverage, median } from './server-common.ts';

const RUNS = Number(process.argv[2] ?? 5);
const ONLY = process.argv[3] ?? '';
const PATIENCE_MS = 120_000;

type Latencies = Record<string, number>;

const app = await startApp();
const browser = await launchBrowser();

/** Event Timing reports no event shorter than this (ms); such a tap prints as "<16". */
const THRESHOLD_MS = 16;
/** How long a tap's events may take to be reported (after its next paint, in an observer task). */
const REPORTED_WITHIN_MS = 3_000;

/** In the page: notes when the next tap starts, so that only its own events are read. */
function noteNextTap(): void {
  const page = window as unknown as { __tapAt?: number };
  page.__tapAt = undefined;
  addEventListener('pointerdown', (event) => (page.__tapAt = event.timeStamp), {
    capture: true,
    once: true,
  });
}

/** An event of a tap as Event Timing reports it (page times, ms). */
interface TapEvent {
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

/**
 * A tap's latency, the duration of its longest event (what INP takes), and where it went, as
 * web-vitals attributes an INP: from the tap to its first handler (the main thread busy), from
 * there to the end of its last one (with what React renders and removes in them), then until the
 * next paint. All 0 when no event of the tap reached the threshold.
 */
interface TapLatency {
  latency: number;
  waiting: number;
  handlers: number;
  toPaint: number;
}

/**
 * The events of the tap noted by `noteNextTap`. Reading the page's newest interaction instead
 * would take the previous tap's when this one's entries are not delivered yet, or were never
 * reported.
 */
async function tapLatency(page: Page): Promise<TapLatency> {
  const reported = await page
    .waitForFunction(
      () => {
        const { __tapAt: at, __events: events } = window as unknown as {
          __tapAt?: number;
          __events: TapEvent[];
        };
        const own = events.filter((entry) => at !== undefined && entry.startTime >= at);
        return own.length > 0 ? own : undefined;
      },
      undefined,
      { timeout: REPORTED_WITHIN_MS },
    )
    .catch(() => undefined);
  if (!reported) return { latency: 0, waiting: 0, handlers: 0, toPaint: 0 };
  const events = (await reported.jsonValue()) as TapEvent[];
  const latency = Math.max(...events.map((event) => event.duration));
  const tapped = Math.min(...events.map((event) => event.startTime));
  const firstHandler = Math.min(...events.map((event) => event.processingStart));
  const lastHandlerEnd = Math.max(...events.map((event) => event.processingEnd));
  const waiting = Math.round(firstHandler - tapped);
  const handlers = Math.round(lastHandlerEnd - firstHandler);
  return { latency, waiting, handlers, toPaint: Math.max(0, latency - waiting - handlers) };
}

/** A latency as printed: a tap none of whose events reached the threshold is "<16". */
const shown = (ms: number) => (ms === 0 ? `<${THRESHOLD_MS}` : String(ms));

/** What a stamp waits for: the first element matching `selector` (whose text is `text`, if given). */
interface Painted {
  selector: string;
  text?: string;
}

/**
 * In the page: stamps the time from the tap noted by `noteNextTap` to the frame that painted
 * `target` (a MutationObserver sees it added, a frame callback then a task land after its paint).
 */
function stampPainted(target: Painted): void {
  const stamps = window as unknown as { __paintedAfter?: number; __tapAt?: number };
  stamps.__paintedAfter = undefined;
  const observer = new MutationObserver(() => {
    const found = Array.from(document.querySelectorAll(target.selector)).some(
      (element) => target.text === undefined || element.textContent === target.text,
    );
    if (!found) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => (stamps.__paintedAfter = performance.now() - (stamps.__tapAt ?? 0))),
    );
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

/** In the page: when each frame WebGL drew began (it clears first), and which map it drew. */
function noteMapFrames(): void {
  const frames: { at: number; map: string | null }[] = [];
  (window as unknown as { __mapFrames: typeof frames }).__mapFrames = frames;
  for (const gl of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    const clear = gl.clear;
    gl.clear = function (mask) {
      const canvas = this.canvas as HTMLCanvasElement;
      frames.push({
        at: performance.now(),
        map: canvas.isConnected ? canvas.getAttribute('aria-label') : null,
      });
      return clear.call(this, mask);
    };
  }
}

/** How long a map draws no frame before it counts as at rest (ms). */
const QUIET_MS = 1_000;

/** In the page: the map has drawn, then nothing for `quietMs` (see noteMapFrames). */
function mapAtRest(quietMs: number): boolean {
  const frames = (window as unknown as { __mapFrames: { at: number }[] }).__mapFrames;
  const last = frames[frames.length - 1];
  return !!last && performance.now() - last.at > quietMs;
}

/**
 * From the tap noted by `noteNextTap` to the last frame the map named `label` drew before
 * QUIET_MS without any: its tiles there and drawn.
 */
async function mapDrawnAfter(page: Page, label: string): Promise<number> {
  const drawn = await page.waitForFunction(
    ({ name, quietMs }) => {
      const { __tapAt: at, __mapFrames: frames } = window as unknown as {
        __tapAt?: number;
        __mapFrames: { at: number; map: string | null }[];
      };
      const own = frames.filter(
        (frame) => at !== undefined && frame.at >= at && frame.map === name,
      );
      const last = own[own.length - 1];
      return last && performance.now() - last.at > quietMs ? last.at - at! : undefined;
    },
    { name: label, quietMs: QUIET_MS },
    { timeout: PATIENCE_MS },
  );
  return Math.round((await drawn.jsonValue()) as number);
}

async function paintedAfter(page: Page): Promise<number> {
  const stamp = await page.waitForFunction(
    () => (window as unknown as { __paintedAfter?: number }).__paintedAfter,
    undefined,
    { timeout: PATIENCE_MS },
  );
  return Math.round((await stamp.jsonValue()) as number);
}

let passengers = 0;

type MapKind = 'pictures' | 'interactive' | 'held back';

/** The passenger taps the map: the interactive map starts, then draws whole. */
async function startInteractiveMap(page: Page): Promise<void> {
  await reachForMap(page, HOME_MAP);
  await page.waitForFunction(mapAtRest, QUIET_MS, { timeout: PATIENCE_MS, polling: 100 });
}

async function run(kind: MapKind): Promise<Latencies> {
  const mapHeldBack = kind === 'held back';
  const interactive = kind === 'interactive';
  // A passenger of its own each run: each places an order, and one in progress blocks the next.
  const token = await signInByApi(app, `+48600777${String(100 + passengers++)}`);
  const context = await newContext(browser, 'en-US', { viewport: { width: 360, height: 740 } });
  try {
    await storeToken(context, token);
    if (mapHeldBack) await holdMapBack(context);
    else await context.addInitScript(noteMapFrames);
    await context.addInitScript((threshold) => {
      const events: TapEvent[] = [];
      (window as unknown as { __events: typeof events }).__events = events;
      new PerformanceObserver((list) => {
        // interactionId: Event Timing level 2, not yet in TypeScript's DOM types.
        for (const entry of list.getEntries() as (PerformanceEventTiming & {
          interactionId?: number;
        })[])
          if (entry.interactionId)
            events.push({
              startTime: entry.startTime,
              processingStart: entry.processingStart,
              processingEnd: entry.processingEnd,
              duration: entry.duration,
            });
      }).observe({
        type: 'event',
        durationThreshold: threshold,
        buffered: true,
      } as PerformanceObserverInit);
    }, THRESHOLD_MS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: 250_000,
      uploadThroughput: 50_000,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${app.url}/`, { timeout: PATIENCE_MS });
    const order = page.getByRole('button', { name: 'Order', exact: true });
    await order.waitFor({ timeout: PATIENCE_MS });
    // A passenger reads the screen before tapping: what loads when the browser is idle has.
    await page.waitForLoadState('networkidle', { timeout: PATIENCE_MS });
    if (interactive) await startInteractiveMap(page);

    await page.evaluate(noteNextTap);
    await page.getByRole('button', { name: /^Pickup / }).click();
    const search = page.getByRole('combobox', { name: 'Search address' });
    await search.waitFor({ timeout: PATIENCE_MS });
    const openSearch = await tapLatency(page);

    await search.fill('Boulevard des Moulins 1');
    const found = page.getByRole('listbox', { name: 'Addresses found' }).getByRole('option');
    await found.first().waitFor({ timeout: PATIENCE_MS });
    await page.evaluate(noteNextTap);
    await found.first().click({ timeout: PATIENCE_MS });
    await page.getByRole('button', { name: /^Pickup Boulevard/ }).waitFor({ timeout: PATIENCE_MS });
    const pickAddress = await tapLatency(page);

    await page.evaluate(stampPainted, { selector: 'h1', text: 'Order summary' });
    await page.evaluate(noteNextTap);
    await order.click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor({ timeout: PATIENCE_MS });
    const tapOrder = await tapLatency(page);
    const summaryPainted = await paintedAfter(page);

    // Back on Home, the passenger checks the pin, then taps Order again: the map (if drawn)
    // at rest, no tile arriving nor frame drawing around the tap.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await order.waitFor({ timeout: PATIENCE_MS });
    await page.waitForLoadState('networkidle', { timeout: PATIENCE_MS });
    if (interactive) await page.waitForFunction(mapAtRest, QUIET_MS, { timeout: PATIENCE_MS });
    await page.evaluate(noteNextTap);
    await order.click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor({ timeout: PATIENCE_MS });
    const tapOrderAtRest = await tapLatency(page);

    // The passenger reads the summary, then orders: Track's first frame (its state follows).
    await page.waitForLoadState('networkidle', { timeout: PATIENCE_MS });
    await page.evaluate(stampPainted, { selector: '[data-remote="tracking"]' });
    await page.evaluate(noteNextTap);
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    const trackPainted = await paintedAfter(page);
    const trackMapDrawn = interactive ? await mapDrawnAfter(page, 'Map of the ride') : undefined;
    return {
      'open the address search': openSearch.latency,
      'pick an address': pickAddress.latency,
      'tap Order': tapOrder.latency,
      '  of it: waiting for the thread': tapOrder.waiting,
      '  its handlers': tapOrder.handlers,
      '  then until the paint': tapOrder.toPaint,
      'tap Order, the map at rest': tapOrderAtRest.latency,
      '(not INP) summary painted after': summaryPainted,
      '(not INP) Track after ordering': trackPainted,
      ...(trackMapDrawn === undefined
        ? {}
        : { "(not INP) Track's map drawn after": trackMapDrawn }),
    };
  } finally {
    await context.close();
  }
}

try {
  console.log(
    `Home, signed in, 2G, CPU ×4, phone viewport; ${RUNS} runs; load average ${loadAverage()}`,
  );
  const titles: Record<MapKind, string> = {
    pictures: 'with the map as it opens (pictures):',
    interactive: 'with the interactive map (the passenger tapped the map first):',
    'held back': 'the map held back (its chunk and tiles blocked):',
  };
  for (const kind of (['pictures', 'interactive', 'held back'] as const).filter((way) =>
    way.includes(ONLY),
  )) {
    const runs: Latencies[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await run(kind));
    console.log(titles[kind]);
    console.log(`  ${'INP of (ms)'.padEnd(33)}${'median'.padStart(15)}  all runs`);
    for (const name of Object.keys(runs[0]!)) {
      const values = runs.map((each) => each[name]!);
      // A part of a tap's time may be 0 ms; only a whole tap's is "<16" when unreported.
      const show = name.startsWith('  ') ? String : shown;
      console.log(
        `  ${name.padEnd(33)}${show(median(values)).padStart(15)}  ${values.map(show).join(' ')}`,
      );
    }
  }
  console.log(`load average after: ${loadAverage()}`);
} finally {
  await browser.close();
  await app.stop();
}
