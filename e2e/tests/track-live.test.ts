// Track's live details in Chromium against the real server: a taxi (driven through the driver
// API) accepts, reports and falls silent. Its ETA counts down each minute, after 20 s without a
// position its pin fades and its card says when it was last seen, and its next report brings
// it back; the new state is said in the polite live region; its pin glides to a new report on
// the compositor. The page's clock is fast-forwarded (page.clock) instead of waiting; the server
// and the network are real.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { audit, auditContext, BLOCKING } from '../support/axe.ts';
import { newContext } from '../support/browser.ts';
import { signInTaxi } from '../support/driver.ts';
import { useApp } from '../support/fixture.ts';
import { FLORIANSKA, ride } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const it = useApp();

let phoneSeq = 600_400_100;
let callSeq = 710;
/** About 2 km north of the pickup: an ETA of several minutes (the server's own estimate). */
const COMING = { lat: FLORIANSKA.lat + 0.018, lng: FLORIANSKA.lng };
const CLOSER = { lat: FLORIANSKA.lat + 0.012, lng: FLORIANSKA.lng };

/** A ride of a new passenger that a new taxi accepts; Track opens on it with a fake clock. */
async function followRide(context: BrowserContext): Promise<{
  page: Page;
  cab: Awaited<ReturnType<typeof signInTaxi>>;
}> {
  const cab = await signInTaxi(it.app, String(callSeq++), COMING);
  const token = await signInByApi(it.app, `+48${phoneSeq++}`);
  const link = await ride(it.app, token, false);
  await storeToken(context, token);
  const page = await context.newPage();
  // Time in the page flows as usual until a test step moves it on.
  await page.clock.install();
  await page.goto(`${it.app.url}/t/${link}`);
  // Track is on screen before the taxi accepts, so the acceptance is news its live region says
  // (the state Track opens with is its heading, and is not said again).
  await page.getByRole('heading', { level: 1 }).waitFor();
  await cab.accept(link.split('/')[0]!);
  await cab.report(COMING, 'K');
  return { page, cab };
}

/** axe finds nothing serious or critical (the 'last seen' line's contrast among the rest). */
async function assertNoBlockingFindings(page: Page) {
  const blocking = (await audit(page)).filter((finding) => BLOCKING.has(finding.impact));
  assert.deepEqual(
    blocking.map((finding) => finding.line),
    [],
  );
}

const minutesOf = (text: string | null) => Number(/(\d+) min/.exec(text ?? '')?.[1]);

test('a taxi that stops reporting fades and says when it was last seen; its ETA counts down; a report brings it back', async () => {
  // Light, English, motion allowed; the context admits axe's injected source.
  const context = await auditContext(it.browser, { dark: false, fontScale: 1 });
  const { page, cab } = await followRide(context);
  const name = `Taxi ${cab.callNumber}`;

  await page.getByRole('heading', { level: 1, name: 'Taxi on the way', exact: true }).waitFor();
  const pin = page.getByRole('img', { name, exact: true });
  await pin.waitFor();
  const card = page.getByRole('article', { name });
  await card.getByText(/^Arrives in about \d+ min$/).waitFor();
  const eta = minutesOf(await card.getByText(/^Arrives in about/).textContent());
  assert.ok(eta >= 3, `the server's ETA for a taxi 2 km away: ${eta} min`);
  // The state was said once in the live region beside the heading.
  assert.equal(await page.locator('.tr-announcer').textContent(), 'Taxi on the way');
  assert.equal(await card.getByText(/Position updated/).count(), 0);

  // Silent for 25 s: the pin fades (grey, dashed ring, a 0.6 s fade) and the card says since when.
  await page.clock.fastForward(25_000);
  const faded = page.getByRole('img', { name: `${name}, position out of date` });
  await faded.waitFor();
  await card.getByText(/^Position updated 2\d s ago$/).waitFor();
  const look = await faded.evaluate(async (element) => {
    // The colour at the end of the fade.
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    const style = getComputedStyle(element);
    return {
      fill: style.backgroundColor,
      ring: style.borderTopStyle,
      fade: style.transitionDuration,
    };
  });
  assert.deepEqual(look, { fill: 'rgb(95, 99, 104)', ring: 'dashed', fade: '0.6s, 0.6s' });
  await assertNoBlockingFindings(page);

  // A minute on: the ETA has counted down by one, the last-seen line reads in minutes.
  await page.clock.fastForward(60_000);
  await card.getByText(`Arrives in about ${eta - 1} min`).waitFor();
  await card.getByText('Position updated 1 min ago').waitFor();

  // The taxi reports again: back to normal, with the server's new ETA.
  await cab.report(CLOSER);
  await pin.waitFor();
  await card.getByText(/Position updated/).waitFor({ state: 'detached' });
  assert.equal(await faded.count(), 0);
  assert.equal(await pin.evaluate((element) => getComputedStyle(element).borderTopStyle), 'solid');
  await context.close();
});

test('in Polish, dark, text at 150 %, with reduced motion: the faded style without the fade', async () => {
  const context = await auditContext(
    it.browser,
    { dark: true, fontScale: 1.5 },
    { locale: 'pl-PL', reducedMotion: 'reduce' },
  );
  const { page, cab } = await followRide(context);
  const name = `Taksówka ${cab.callNumber}`;

  await page.getByRole('img', { name, exact: true }).waitFor();
  await page.clock.fastForward(40_000);
  const faded = page.getByRole('img', { name: `${name}, pozycja nieaktualna` });
  await faded.waitFor();
  await page
    .getByRole('article', { name })
    .getByText(/^Pozycja zaktualizowana (4\d) s temu$/)
    .waitFor();
  // Grey at once, nothing animating.
  assert.deepEqual(
    await faded.evaluate((element) => ({
      fill: getComputedStyle(element).backgroundColor,
      animating: element.getAnimations().length,
    })),
    { fill: 'rgb(95, 99, 104)', animating: 0 },
  );
  await assertNoBlockingFindings(page);
  await cab.report(CLOSER);
  await page.getByRole('img', { name, exact: true }).waitFor();
  await context.close();
});

/** Waits until the map is not moving and `pin` has stayed where it was drawn for `ms`. */
async function stayedPut(page: Page, pin: Locator, ms: number) {
  await page.evaluate(() => delete (window as unknown as { __top?: number }).__top);
  await page.waitForFunction(
    (element) => {
      const last = window as unknown as { __top?: number };
      const top = element!.getBoundingClientRect().top;
      const still = top === last.__top && !document.querySelector('[aria-busy="true"]');
      last.__top = top;
      return still;
    },
    await pin.elementHandle(),
    { polling: ms },
  );
}

test('a taxi glides to its next report without asking the page for a frame of it', async () => {
  const context = await newContext(it.browser, 'en-US', { viewport: { width: 360, height: 740 } });
  const cab = await signInTaxi(it.app, String(callSeq++), COMING);
  const link = await ride(it.app, await signInByApi(it.app, `+48${phoneSeq++}`), false);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/t/${link}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await cab.accept(link.split('/')[0]!);
  await cab.report(COMING, 'K');
  const pin = page.getByRole('img', { name: `Taxi ${cab.callNumber}`, exact: true });
  await pin.waitFor();
  const drawnAt = () => pin.evaluate((element) => element.getBoundingClientRect().top);
  // The taxi's arrival fits the view (300 ms later, over 1 s): the map at rest first.
  await stayedPut(page, pin, 400);
  const start = await drawnAt();
  // Every frame the page asks for from now on (the map's, the glide's).
  await page.evaluate(() => {
    const asked = window as unknown as { __frames: number };
    asked.__frames = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
      asked.__frames += 1;
      return request(callback);
    };
  });

  await cab.report(CLOSER, 'K');
  // Midway the pin is drawn between the two places (it glides, it does not jump)...
  await page.waitForFunction(
    ([element, from]) => element!.getBoundingClientRect().top !== from,
    [await pin.elementHandle(), start] as const,
    { polling: 16 },
  );
  const midway = await drawnAt();
  await stayedPut(page, pin, 100);
  const end = await drawnAt();
  assert.ok(end > start, `the taxi drove south on the screen: ${start} → ${end}`);
  assert.ok(midway > start && midway < end - 1, `midway ${midway} between ${start} and ${end}`);
  // ...and the compositor moves it: moving the marker at each frame asked the page for about
  // 120 frames a glide (one for the glide, one for the marker's opacity, each frame).
  const frames = await page.evaluate(() => (window as unknown as { __frames: number }).__frames);
  assert.ok(frames < 10, `frames asked for during the glide: ${frames}`);
  await context.close();
});
