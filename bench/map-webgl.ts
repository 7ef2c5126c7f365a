// What of the map's cost is this headless browser's software WebGL, so that a
// figure says how much of what remains is this browser's and not the app's. Home (signed in) and a shared ride link, each opened cold on
// a phone viewport with the CPU at full speed, as Lighthouse observes a page before its simulation
// multiplies the main thread's time by 4: the main thread's long tasks (over 50 ms) from the
// navigation until the map has drawn whole (its last frame before a quiet second), and within
// them the waits WebGL makes the main thread sit through: creating the context, and each shader
// compile and program link, which the page learns the outcome of at once (MapLibre asks at each)
// while SwiftShader translates and compiles it on the CPU. A phone's GPU driver does this work in
// a fraction of the time. The interactive map starts when the passenger reaches for it: each
// screen is measured as it opens (the map's pictures, no WebGL), then with a tap on the map once
// the screen is idle (from the navigation until the interactive map has drawn whole), with that
// and nothing animating on the page, and with the map held back.
// Usage: node bench/map-webgl.ts [runs=3]   (starts its own server, uses the published releases)
import type { BrowserContext, Page } from 'playwright-core';
import { startApp } from '@taxi/e2e/support/app';
import { newContext } from '@taxi/e2e/support/browser';
import { framesUntilQuiet, noteMapFrames } from '@taxi/e2e/support/map-frames';
import { HOME_MAP, reachForMap } from '@taxi/e2e/support/map';
import { launchBrowser } from './chromium.ts';
import { holdMapBack } from './map-chunks.ts';
import { rideLinks } from './ride-links.ts';
import { openHome, openRideLink } from './screens.ts';
import { loadAverage, median } from './server-common.ts';

const RUNS = Number(process.argv[2] ?? 3);
/** The part of a task over this counts as blocking (Lighthouse's TBT). */
const BLOCKING_FROM_MS = 50;

interface Figures {
  longTaskMs: number;
  blockingMs: number;
  contextMs: number;
  compileMs: number;
  shaders: number;
  linkMs: number;
  programs: number;
}

/** All the main thread waited for WebGL: its context, compiles and links. */
const webGlWaits = (figures: Figures) => figures.contextMs + figures.compileMs + figures.linkMs;

/** In the page (an init script): times each WebGL call that waits for the GPU process's answer. */
function timeWebGlWaits(): void {
  const waits = { contextMs: 0, compileMs: 0, shaders: 0, linkMs: 0, programs: 0 };
  (window as unknown as { __waits: typeof waits }).__waits = waits;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    const started = performance.now();
    const context = (getContext as (...a: unknown[]) => unknown).apply(this, args);
    if (String(args[0]).startsWith('webgl')) waits.contextMs += performance.now() - started;
    return context;
  } as typeof getContext;
  type StatusQuery = (this: WebGLRenderingContext, object: unknown, name: number) => unknown;
  /** Times a query of a shader's compile or a program's link status, `noted` with its wait. */
  const timeStatus = (
    gl: WebGLRenderingContext,
    method: 'getShaderParameter' | 'getProgramParameter',
    status: number,
    noted: (ms: number) => void,
  ) => {
    const query = gl[method] as StatusQuery;
    (gl as unknown as Record<string, StatusQuery>)[method] = function (object, name) {
      const started = performance.now();
      const value = query.call(this, object, name);
      if (name === status) noted(performance.now() - started);
      return value;
    };
  };
  for (const gl of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    timeStatus(gl, 'getShaderParameter', gl.COMPILE_STATUS, (ms) => {
      waits.compileMs += ms;
      waits.shaders += 1;
    });
    timeStatus(gl, 'getProgramParameter', gl.LINK_STATUS, (ms) => {
      waits.linkMs += ms;
      waits.programs += 1;
    });
  }
}

/** In the page (an init script): the main thread's long tasks, as the browser reports them. */
function noteLongTasks(): void {
  const tasks: number[] = [];
  (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

const app = await startApp();

interface Screen {
  name: string;
  /** The map region's accessible name. */
  map: string;
  open: (context: BrowserContext) => Promise<Page>;
}

/**
 * How a screen is opened: as is; asking for reduced motion, so that nothing on the page animates
 * (Track's waiting pulse): this browser composites the page in software in the same GPU process
 * that compiles WebGL's shaders, which a phone's GPU does not; or with the map held back.
 */
interface Variant {
  name: string;
  mapHeldBack?: boolean;
  stillPage?: boolean;
  /** The passenger taps the map: the interactive map starts. */
  tapMap?: boolean;
}

const VARIANTS: Variant[] = [
  { name: ' (pictures)' },
  { name: ', map tapped', tapMap: true },
  { name: ', map tapped, reduced motion', stillPage: true, tapMap: true },
  { name: ', map held back', mapHeldBack: true },
];

/** One cold start, in a browser of its own: the GPU process keeps the shaders it compiled. */
async function measure(screen: Screen, variant: Variant): Promise<Figures> {
  const { mapHeldBack, stillPage, tapMap } = variant;
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, 'en-US', {
      viewport: { width: 412, height: 823 },
      ...(stillPage ? { reducedMotion: 'reduce' } : {}),
    });
    // With the map held back no WebGL context is made: its waits stay 0.
    await context.addInitScript(noteLongTasks);
    await context.addInitScript(timeWebGlWaits);
    if (mapHeldBack) await holdMapBack(context);
    else await context.addInitScript(noteMapFrames);
    const page = await screen.open(context);
    await page.waitForLoadState('networkidle');
    if (tapMap) {
      await reachForMap(page, screen.map);
      await framesUntilQuiet(page, 0);
    }
    const tasks = await page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    );
    const waits = await page.evaluate(
      () => (window as unknown as { __waits: Omit<Figures, 'longTaskMs' | 'blockingMs'> }).__waits,
    );
    return {
      longTaskMs: tasks.reduce((sum, ms) => sum + ms, 0),
      blockingMs: tasks.reduce((sum, ms) => sum + Math.max(0, ms - BLOCKING_FROM_MS), 0),
      ...waits,
    };
  } finally {
    await browser.close();
  }
}

try {
  const rideLink = rideLinks(app);
  let passengers = 0;
  const screens: Screen[] = [
    {
      name: 'Home, signed in',
      map: HOME_MAP,
      open: (context) => openHome(app, context, `+48600776${String(100 + passengers++)}`),
    },
    {
      name: 'shared ride link, new visitor',
      map: 'Map of the ride',
      open: async (context) => openRideLink(app, context, await rideLink()),
    },
  ];
  console.log(
    `Cold, CPU at full speed, phone viewport; medians of ${RUNS} runs, ms; load average ${loadAverage()}`,
  );
  console.log(
    `${'screen'.padEnd(44)}${'long tasks'.padStart(11)}${'blocking'.padStart(10)}${'context'.padStart(9)}${'compiles'.padStart(13)}${'links'.padStart(11)}${'WebGL waits'.padStart(13)}  all runs (long tasks/waits)`,
  );
  for (const screen of screens)
    for (const variant of VARIANTS) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(screen, variant));
      const pick = (field: keyof Figures) => Math.round(median(runs.map((each) => each[field])));
      const waits = median(runs.map(webGlWaits));
      const share = Math.round((100 * waits) / Math.max(1, pick('longTaskMs')));
      console.log(
        [
          `${screen.name}${variant.name}`.padEnd(44),
          String(pick('longTaskMs')).padStart(11),
          String(pick('blockingMs')).padStart(10),
          String(pick('contextMs')).padStart(9),
          `${pick('compileMs')} (${pick('shaders')})`.padStart(13),
          `${pick('linkMs')} (${pick('programs')})`.padStart(11),
          `${Math.round(waits)} = ${share}%`.padStart(13),
          `  ${runs.map((each) => `${Math.round(each.longTaskMs)}/${Math.round(webGlWaits(each))}`).join(' ')}`,
        ].join(''),
      );
    }
  console.log(
    'compiles (shaders) and links (programs): the waits for their outcome; WebGL waits: context, compiles and links, and their share of the long tasks',
  );
  console.log(`load average after: ${loadAverage()}`);
} finally {
  await app.stop();
}
