// The server's own map of the demo extract (Monaco) reads: street, place and POI names drawn
// with the server's glyphs and icons, in the passenger's language where the extract has it.
// The app's map asks for them; a page of the same origin draws the very style with maplibre-gl
// (the library the app bundles) to look at what it renders. Real server, real Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { tileXY } from '@taxi/server/test-support/tile-coordinates';
import { MAP } from '@taxi/shared/constants';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { ROOT } from '../support/app.ts';
import { framesUntilQuiet, noteMapFrames } from '../support/map-frames.ts';
import { HOME_MAP, HOME_MAP_PL, reachForMap } from '../support/map.ts';
import { MOULINS_18, ride, STADIUM } from '../support/rides.ts';
import { signInByApi, storeToken } from '../support/session.ts';

const it = useApp();
const SHOTS = process.env.E2E_SHOTS;
/** A pickup in Monte-Carlo (a house of the extract) and the zoom the app shows a pickup at. */
const PICKUP = { lat: 43.7426281, lng: 7.4281116, zoom: 15 };
/** The extract's city node, the one place with a Polish name ('Monako'). */
const MONACO = { lat: 43.7311424, lng: 7.4197576 };
const LABEL_LAYERS = [
  'street-label',
  'housenumber-label',
  'poi-label',
  'district-label',
  'place-label',
];
const MAPLIBRE = path.join(ROOT, 'shared/node_modules/maplibre-gl/dist/maplibre-gl.js');

/** What the tests use of maplibre-gl's Map (the page's `maplibregl`, `map` once made). */
interface LabelMap {
  once(event: string, listener: (event: { error?: unknown }) => void): void;
  queryRenderedFeatures(options: { layers: string[] }): {
    layer: { id: string; layout?: Record<string, unknown> };
  }[];
  getCanvas(): HTMLCanvasElement;
  getStyle(): { layers: { id: string; type: string }[] };
  setLayoutProperty(layer: string, name: string, value: unknown): void;
  triggerRepaint(): void;
}
interface MapWindow {
  maplibregl: { Map: new (options: object) => LabelMap };
  map: LabelMap;
}

/** A signed-in passenger's page, speaking `locale`, whose GPS answers with PICKUP. */
async function passengerAtPickup(phone: string, locale: string) {
  const token = await signInByApi(it.app, phone);
  const context = await newContext(it.browser, locale, {
    geolocation: { latitude: PICKUP.lat, longitude: PICKUP.lng },
    permissions: ['geolocation'],
  });
  await storeToken(context, token);
  return { context, page: await context.newPage() };
}

test("a Polish passenger's map asks its server for Polish labels, its glyphs and icons", async () => {
  const { context, page } = await passengerAtPickup('+48600100900', 'pl-PL');
  const ok = (pattern: RegExp) =>
    page.waitForResponse((response) => pattern.test(response.url()) && response.ok());
  // The pictures shown first are drawn with Polish labels too.
  const picture = ok(/\/tiles\/[^/]+\/(light|dark)-pl\/\d+\/\d+\/\d+(@2x)?\.webp$/);
  await page.goto(`${it.app.url}/`);
  await picture;
  const style = ok(/\/tiles\/style\.json\?(.*&)?lang=pl\b/);
  const glyphs = ok(/\/tiles\/glyphs-v1\/Noto%20Sans%20(Regular|Bold)\/0-255\.pbf$/);
  const sprite = ok(/\/tiles\/sprite-v1(@2x)?\.png$/);
  await reachForMap(page, HOME_MAP_PL);
  await Promise.all([style, glyphs, sprite]);
  await page.locator('.or-home__map[aria-busy="false"]').waitFor();
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'map-labels-pl.png') });
  await context.close();
});

/** The element is on the page and on top at its centre, not under a sheet or a bar. */
async function onTop(element: Locator): Promise<boolean> {
  return element.evaluate((shown) => {
    const box = shown.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inView = y > 0 && y < window.innerHeight && x > 0 && x < window.innerWidth;
    return inView && shown.contains(document.elementFromPoint(x, y));
  });
}

/**
 * The map's credits (© OpenStreetMap contributors, which its licence wants in sight), on the
 * pictures shown first (`mapName`), then on the interactive map: its compact button.
 */
async function creditsInSight(page: Page, where: string, mapName: string): Promise<void> {
  const lite = page.getByRole('region', { name: mapName, exact: true });
  const picturesCredits = lite.getByText('© OpenStreetMap contributors');
  await picturesCredits.waitFor();
  assert.ok(await onTop(picturesCredits), `${where}: the pictures' credits are covered`);
  await reachForMap(page, mapName);
  const credits = page.getByLabel('Map credits');
  await credits.waitFor();
  assert.ok(await onTop(credits), `${where}: the map's credits are covered or off screen`);
  // Folded (the library folds them at the first drag), a tap unfolds them.
  const text = page.getByText('© OpenStreetMap contributors');
  if (!(await text.isVisible())) await credits.click();
  await text.waitFor();
}

test("the map's credits are in sight above Home's order form and Track's panel", async () => {
  // A family member's ride link: the passenger on Home has no ride under way.
  const family = await signInByApi(it.app, '+48600100903');
  const link = await ride(it.app, family, false, { poi: MOULINS_18, dst: STADIUM });
  const { context, page } = await passengerAtPickup('+48600100902', 'en-US');
  await page.goto(`${it.app.url}/`);
  await page.locator('.or-home__map[aria-busy="false"]').waitFor();
  await creditsInSight(page, 'Home', HOME_MAP);
  // A new page: the interactive library is not in yet, the ride's pictures come first.
  await page.goto(`${it.app.url}/t/${link}`);
  await creditsInSight(page, 'Track', 'Map of the ride');
  await context.close();
});

/** Whether two boxes share any pixel. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

/** Where the ride's pins stand against the screen, the bar, the map's buttons and the panel. */
async function pinsOutOfSight(page: Page): Promise<string[]> {
  const covers = [
    page.getByRole('button', { name: 'Open menu' }),
    page.getByRole('link', { name: /^Wisła Taxi/ }),
    page.getByRole('button', { name: 'Fit to view' }),
    page.getByRole('button', { name: 'Show my location' }),
    page.getByRole('region', { name: 'Order accepted, waiting for a free taxi' }),
  ];
  const boxes = await Promise.all(covers.map(async (cover) => (await cover.boundingBox())!));
  const screen = page.viewportSize()!;
  const faults: string[] = [];
  for (const name of ['Pickup', 'Destination']) {
    const pin = (await page.getByRole('img', { name, exact: true }).boundingBox())!;
    const whole =
      pin.x >= 0 &&
      pin.y >= 0 &&
      pin.x + pin.width <= screen.width &&
      pin.y + pin.height <= screen.height;
    if (!whole) faults.push(`the ${name} pin is off screen (${JSON.stringify(pin)})`);
    for (const [at, box] of boxes.entries())
      if (overlap(pin, box)) faults.push(`the ${name} pin is under ${covers[at]}`);
  }
  return faults;
}

/**
 * Each of the ride's pins whole on screen, clear of the bar, the map's buttons and the panel,
 * once the view has had the time the app gives a fit: a panel that grows (its text laid out
 * late on a loaded machine) is fitted again after the debounce, over the fit's animation.
 */
async function ridePinsInSight(page: Page, where: string): Promise<void> {
  const settles = Date.now() + MAP.fitDebounceMs + MAP.fitAnimationMs + 2_000;
  let faults = await pinsOutOfSight(page);
  while (faults.length > 0 && Date.now() < settles) {
    await page.evaluate(() => new Promise(requestAnimationFrame));
    faults = await pinsOutOfSight(page);
  }
  assert.deepEqual(faults, [], `${where}: ${faults.join('; ')}`);
}

test("a ride's pickup and destination are in sight between the map's buttons and the panel", async () => {
  const family = await signInByApi(it.app, '+48600100905');
  const link = await ride(it.app, family, false, { poi: MOULINS_18, dst: STADIUM });
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  await page.goto(`${it.app.url}/t/${link}`);
  await page.getByRole('img', { name: 'Destination', exact: true }).waitFor();
  await ridePinsInSight(page, 'the pictures');
  const map = await reachForMap(page, 'Map of the ride');
  // Dragged away, then fitted again (300 ms after the tap, for 1 s): looked at once it rests.
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 240, box.y + 300, { steps: 8 });
  await page.mouse.up();
  await page.locator('.tr-track__map[aria-busy="false"]').waitFor();
  const dragged = (await page
    .getByRole('img', { name: 'Destination', exact: true })
    .boundingBox())!;
  await page.getByRole('button', { name: 'Fit to view' }).click();
  await cameraRestsAwayFrom(page, dragged);
  await ridePinsInSight(page, 'the interactive map');
  await context.close();
});

/**
 * Until the ride's destination pin has left where it was and stays put between two frames, the
 * map not busy. A fit animates for 1 s, or lands in one frame when frames come late (a loaded
 * machine): then the map is never seen busy, so the pin's place is what is awaited.
 */
async function cameraRestsAwayFrom(page: Page, from: Box): Promise<void> {
  await page.waitForFunction(
    (from) => {
      const state = window as unknown as { __lastPin?: string };
      const pin = document.querySelector('[role="img"][aria-label="Destination"]');
      const map = document.querySelector('.tr-track__map');
      if (!pin || !map) return false;
      const { x, y } = pin.getBoundingClientRect();
      const at = `${Math.round(x)},${Math.round(y)}`;
      const previous = state.__lastPin;
      state.__lastPin = at;
      const moved = Math.abs(x - from.x) + Math.abs(y - from.y) > 2;
      return moved && previous === at && map.getAttribute('aria-busy') === 'false';
    },
    from,
    { polling: 'raf' },
  );
}

/** In the page (an init script): counts the WebGL contexts made. */
function countWebGLContexts(): void {
  const made = { count: 0 };
  (window as unknown as { __webgl: typeof made }).__webgl = made;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (
    this: HTMLCanvasElement,
    ...args: Parameters<typeof getContext>
  ) {
    if (/webgl/.test(String(args[0]))) made.count += 1;
    return getContext.apply(this, args);
  } as typeof getContext;
}

const webglContexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __webgl: { count: number } }).__webgl.count);

test("Home's map is pictures of the pickup's streets until the passenger reaches for it", async () => {
  const { context, page } = await passengerAtPickup('+48600100904', 'en-US');
  await context.addInitScript(countWebGLContexts);
  // The settings name the pictures once the server has imported its extract (the style waits
  // for that import, the settings do not): then the style document waits for the interactive map.
  assert.equal((await fetch(`${it.app.url}/tiles/style.json`)).status, 200);
  const styles: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/tiles/style.json') styles.push(request.url());
  });
  await page.goto(`${it.app.url}/`);
  await page.getByRole('button', { name: /^Pickup .*(Monte-Carlo|Monaco)$/ }).waitFor();
  const map = page.getByRole('region', { name: HOME_MAP, exact: true });
  await page.locator('.or-home__map[aria-busy="false"]').waitFor();
  // The pictures in sight are the server's tiles around the pickup, all drawn, at its zoom:
  // 256 px tiles of zoom z + 1 draw the interactive map's zoom z.
  const tile = tileXY(PICKUP.lat, PICKUP.lng, PICKUP.zoom + 1);
  const pickupTile = map.locator(`img[src*="/${PICKUP.zoom + 1}/${tile.x}/${tile.y}"]`);
  await pickupTile.waitFor();
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.tx-lite__tile')).every(
        (img) => img.complete && img.naturalWidth >= 256,
      ),
    undefined,
    { polling: 100 },
  );
  const tiles = await map.locator('img').count();
  assert.ok(tiles >= 4, `tiles in sight: ${tiles}`);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'map-pictures.png') });
  // Ordering by the cards never starts the WebGL map: Order, the summary, back Home.
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  await page.goBack();
  await map.waitFor();
  assert.equal(await webglContexts(page), 0);
  assert.deepEqual(styles, []);
  // A tap on the map: the interactive map takes the pictures' place.
  await reachForMap(page, HOME_MAP);
  assert.equal(await webglContexts(page), 1);
  assert.equal(styles.length, 1);
  await page.locator('.tx-lite').waitFor({ state: 'detached' });
  await context.close();
});

/**
 * In the page: the vertex shader of each WebGL program linked for drawing lines (their shaders
 * alone take `a_pos_normal`).
 */
function noteLinePrograms(): void {
  const seen = new Set<string>();
  (window as unknown as { __lineShaders: Set<string> }).__lineShaders = seen;
  const sources = new WeakMap<WebGLShader, string>();
  for (const gl of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    const { shaderSource, linkProgram } = gl;
    gl.shaderSource = function (shader, source) {
      sources.set(shader, source);
      return shaderSource.call(this, shader, source);
    };
    gl.linkProgram = function (program) {
      for (const shader of this.getAttachedShaders(program) ?? []) {
        const source = sources.get(shader) ?? '';
        if (/\ba_pos_normal\b/.test(source)) seen.add(source);
      }
      return linkProgram.call(this, program);
    };
  }
}

test("a ride's map draws its streets and its route with two line programs, solid and dashed", async () => {
  const link = await ride(it.app, await signInByApi(it.app, '+48600100901'), false, {
    poi: MOULINS_18,
    dst: STADIUM,
  });
  const context = await newContext(it.browser, 'en-US');
  await context.addInitScript(noteLinePrograms);
  await context.addInitScript(noteMapFrames);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/t/${link}`);
  await reachForMap(page, 'Map of the ride');
  // Drawn whole: no frame for a second.
  await framesUntilQuiet(page, 0);
  // A program compiles before the first draw that needs it: tens of ms on a cheap phone's GPU.
  // The streets' colours and widths per class, and the route's, make one program for solid
  // lines and one for dashed; constants beside them made one more each (four here).
  const programs = await page.evaluate(
    () => (window as unknown as { __lineShaders: Set<string> }).__lineShaders.size,
  );
  assert.ok(programs <= 2, `line programs: ${programs}`);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'map-ride.png') });
  await context.close();
});

/** A page of the app's origin with the server's style drawn by maplibre-gl at a place. */
async function serverMap(at: { lat: number; lng: number; zoom: number }, language = '') {
  // A harness page, not the app: its inline script and style are outside the app's CSP.
  const context = await newContext(it.browser, 'en-US', { bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${it.app.url}/tiles/style.json`);
  await page.setContent('<div id="map" style="position:absolute;inset:0"></div>');
  await page.addScriptTag({ path: MAPLIBRE });
  await page.evaluate(
    ([style, view]) =>
      new Promise<void>((resolve, reject) => {
        const map = new (window as unknown as MapWindow).maplibregl.Map({
          container: 'map',
          style,
          center: [view.lng, view.lat],
          zoom: view.zoom,
          canvasContextAttributes: { preserveDrawingBuffer: true },
          // As the app does: the style's tile URLs are root-relative.
          transformRequest: (url: string) => ({ url: new URL(url, location.href).href }),
        });
        (window as unknown as MapWindow).map = map;
        map.once('idle', () => resolve());
        map.once('error', (event) => reject(new Error(String(event.error))));
      }),
    [
      `${it.app.url}/tiles/style.json?origin=${encodeURIComponent(it.app.url)}${language && `&lang=${language}`}`,
      at,
    ] as const,
  );
  return { page, close: () => context.close() };
}

/** The label features maplibre placed on the map, with their drawn text and icon. */
function renderedLabels(page: Page) {
  return page.evaluate((layers) => {
    const map = (window as unknown as MapWindow).map;
    return map.queryRenderedFeatures({ layers }).map((feature) => {
      const text = feature.layer.layout?.['text-field'] as
        { sections?: { text: string }[] } | string | undefined;
      return {
        layer: feature.layer.id,
        text: typeof text === 'string' ? text : (text?.sections ?? []).map((s) => s.text).join(''),
        icon: String((feature.layer.layout?.['icon-image'] as { name?: string })?.name ?? ''),
      };
    });
  }, LABEL_LAYERS);
}

/** Pixels of the map canvas unlike its top-left one (the background). */
function inkedPixels(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const map = (window as unknown as MapWindow).map;
        map.once('idle', () => {
          const source = map.getCanvas();
          const canvas = document.createElement('canvas');
          [canvas.width, canvas.height] = [source.width, source.height];
          const context = canvas.getContext('2d')!;
          context.drawImage(source, 0, 0);
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          let count = 0;
          for (let i = 0; i < data.length; i += 4)
            if (
              Math.abs(data[i]! - data[0]!) +
                Math.abs(data[i + 1]! - data[1]!) +
                Math.abs(data[i + 2]! - data[2]!) >
              48
            )
              count++;
          resolve(count);
        });
        map.triggerRepaint();
      }),
  );
}

/** Only the given layers (and the background) drawn. */
function showOnly(page: Page, keep: string[]) {
  return page.evaluate((kept) => {
    const map = (window as unknown as MapWindow).map;
    for (const layer of map.getStyle().layers)
      if (layer.type !== 'background')
        map.setLayoutProperty(layer.id, 'visibility', kept.includes(layer.id) ? 'visible' : 'none');
  }, keep);
}

test("at the pickup's zoom the map names the streets and notable places, in text pixels", async () => {
  const map = await serverMap(PICKUP);
  if (SHOTS) await map.page.screenshot({ path: path.join(SHOTS, 'map-labels.png') });
  const labels = await renderedLabels(map.page);
  const streets = labels.filter((label) => label.layer === 'street-label');
  assert.ok(streets.length >= 3, `street names drawn: ${streets.length}`);
  assert.ok(streets.every((label) => label.text.length > 0));
  const pois = labels.filter((label) => label.layer === 'poi-label');
  assert.ok(pois.some((label) => label.icon === 'hotel' && label.text.length > 0));
  assert.ok(
    labels.some((label) => label.layer === 'district-label' && label.text === 'Monte-Carlo'),
  );
  // The labels alone over the background: their text is there in pixels; without them, none.
  await showOnly(map.page, LABEL_LAYERS);
  const inked = await inkedPixels(map.page);
  if (SHOTS) await map.page.screenshot({ path: path.join(SHOTS, 'map-labels-only.png') });
  await showOnly(map.page, []);
  const bare = await inkedPixels(map.page);
  assert.ok(inked > 2000, `text pixels of the labels: ${inked}`);
  assert.equal(bare, 0);
  await map.close();
});

test('closer in, house numbers; a Polish visitor reads Polish names where the extract has them', async () => {
  const close = await serverMap({ ...PICKUP, zoom: 18 });
  const numbers = (await renderedLabels(close.page)).filter(
    (label) => label.layer === 'housenumber-label',
  );
  assert.ok(
    numbers.some((label) => /^\d+/.test(label.text)),
    JSON.stringify(numbers),
  );
  await close.close();

  const town = async (language: string) => {
    const map = await serverMap({ ...MONACO, zoom: 14 }, language);
    const places = (await renderedLabels(map.page)).filter((l) => l.layer === 'place-label');
    await map.close();
    return places.map((label) => label.text);
  };
  assert.ok((await town('pl')).includes('Monako'));
  assert.ok((await town('en')).includes('Monaco'));
});
