// What a screen costs while the passenger only looks at it: a phone viewport, CPU
// slowed 4×, the page settled; then the main thread's work over three windows of 2 s, as
// DevTools' Performance metrics count it: milliseconds of tasks and style recalculations a
// second. Anything that keeps the main thread busy here (an animation it has to paint, a timer,
// a map that keeps drawing) slows every tap and drains a phone's battery while a passenger
// waits for a taxi. Screens: Track with a taxi on its way (a taxi of the driver API reporting
// every 2 s), Track of a ride waiting for a taxi (a shared link, new visitor) and Home of a
// signed-in passenger, each with the map and with it held back.
// Usage: node bench/idle.ts [runs=3]   (starts its own server, uses the published releases)
import { greatCircleMetres } from '@taxi/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { startApp } from '@taxi/e2e/support/app';
import { newContext } from '@taxi/e2e/support/browser';
import { signInTaxi } from '@taxi/e2e/support/driver';
import { MOULINS_18, ride, STADIUM } from '@taxi/e2e/support/rides';
import { signInByApi } from '@taxi/e2e/support/session';
import { launchBrowser } from './chromium.ts';
import { holdMapBack } from './map-chunks.ts';
import { rideLinks } from './ride-links.ts';
import { openHome, openRideLink } from './screens.ts';
import { loadAverage, median } from './server-common.ts';

const RUNS = Number(process.argv[2] ?? 3);
const WINDOW_MS = 2_000;
const WINDOWS = 3;
const REPORT_EVERY_MS = 2_000;
/**
 * The taxi's ride is in Monaco, inside the demo extract, so that its map draws the streets a
 * passenger's does: the taxi starts at the stadium, about 2 km from the pickup (Boulevard des
 * Moulins), and drives towards it 20 m a report, as the demo fleet's do.
 */
const COMING = { lat: STADIUM.lat, lng: STADIUM.lng };
/** The part of the way a report covers. */
const STEP = 20 / greatCircleMetres(COMING, MOULINS_18);

interface Screen {
  name: string;
  /** Opens the screen; `stop` ends what it keeps going meanwhile (a taxi's reports). */
  open: (context: BrowserContext) => Promise<{ page: Page; stop?: () => Promise<void> }>;
}

interface Idle {
  taskMsPerSecond: number;
  recalcsPerSecond: number;
}

const app = await startApp();
const browser = await launchBrowser();

async function measure(screen: Screen, mapHeldBack: boolean): Promise<Idle> {
  const context = await newContext(browser, 'en-US', { viewport: { width: 360, height: 740 } });
  try {
    if (mapHeldBack) await holdMapBack(context);
    const { page, stop } = await screen.open(context);
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const { metrics: all } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => all.find((metric) => metric.name === name)?.value ?? 0;
      return { task: value('TaskDuration'), recalcs: value('RecalcStyleCount') };
    };
    const windows: Idle[] = [];
    for (let i = 0; i < WINDOWS; i++) {
      const before = await metrics();
      // The window is the measure: nothing marks its end but the clock.
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      const after = await metrics();
      windows.push({
        taskMsPerSecond: ((after.task - before.task) * 1000) / (WINDOW_MS / 1000),
        recalcsPerSecond: (after.recalcs - before.recalcs) / (WINDOW_MS / 1000),
      });
    }
    await stop?.();
    return {
      taskMsPerSecond: median(windows.map((each) => each.taskMsPerSecond)),
      recalcsPerSecond: median(windows.map((each) => each.recalcsPerSecond)),
    };
  } finally {
    await context.close();
  }
}

try {
  const rideLink = rideLinks(app);
  let passengers = 0;
  let taxis = 0;
  // The taxi's ride comes first: the dispatch would offer its taxi the rides left waiting.
  const screens: Screen[] = [
    {
      name: 'Track, a taxi on its way (a report every 2 s)',
      open: async (context) => {
        const cab = await signInTaxi(app, String(900 + taxis++), COMING);
        const link = await ride(
          app,
          await signInByApi(app, `+48600780${String(100 + taxis)}`),
          false,
          { poi: MOULINS_18, dst: STADIUM },
        );
        const page = await openRideLink(app, context, `/t/${link}`);
        await cab.accept(link.split('/')[0]!);
        let step = 0;
        const reports = setInterval(() => {
          const done = Math.min(1, (step += 1) * STEP);
          const lat = COMING.lat + (MOULINS_18.lat - COMING.lat) * done;
          const lng = COMING.lng + (MOULINS_18.lng - COMING.lng) * done;
          void cab.report({ lat, lng }, 'K');
        }, REPORT_EVERY_MS);
        await page.getByRole('heading', { name: 'Taxi on the way' }).waitFor();
        return { page, stop: async () => clearInterval(reports) };
      },
    },
    {
      name: 'Track, waiting for a taxi (ride link, new visitor)',
      open: async (context) => ({ page: await openRideLink(app, context, await rideLink()) }),
    },
    {
      name: 'Home, signed in',
      open: async (context) => ({
        page: await openHome(app, context, `+48600779${String(100 + passengers++)}`),
      }),
    },
  ];
  console.log(
    `A screen at rest, CPU ×4, phone viewport; median of ${WINDOWS} windows of ${WINDOW_MS / 1000} s, ${RUNS} runs; load average ${loadAverage()}`,
  );
  console.log(
    `${'screen'.padEnd(64)}${'task ms/s'.padStart(10)}${'restyles/s'.padStart(12)}  all runs`,
  );
  for (const screen of screens)
    for (const mapHeldBack of [false, true]) {
      const runs: Idle[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(screen, mapHeldBack));
      const tasks = runs.map((each) => Math.round(each.taskMsPerSecond));
      const recalcs = runs.map((each) => Math.round(each.recalcsPerSecond));
      console.log(
        `${`${screen.name}${mapHeldBack ? ', map held back' : ''}`.padEnd(64)}${String(median(tasks)).padStart(10)}${String(median(recalcs)).padStart(12)}  ${tasks.join(' ')} / ${recalcs.join(' ')}`,
      );
    }
  console.log(`load average after: ${loadAverage()}`);
} finally {
  await browser.close();
  await app.stop();
}
