// Track, Rate and the active orders, in Chromium against the real server: a link that names
// no order, rating a finished ride, the passenger's active orders; and with the demo fleet a
// whole ride followed live by the passenger and by a second, logged-out browser through the
// shared link, and a server that dies and restarts in the middle of a ride.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { demoCorporation, ROOT, startApp, type RunningApp } from '../support/app.ts';
import { callApi, latestCode, signInByApi, storeToken } from '../support/session.ts';

/** An address point of an order. */
function place(street: string, number: string, city: string, lat: number, lng: number) {
  return { street, number, city, lat, lng };
}

const it = useApp();
const SHOTS = process.env.E2E_SHOTS;
/** The corporation the test server serves on localhost (server/corporations/localhost.json). */
const CORPORATION = 'demo';
const FLORIANSKA = place('Floriańska', '1', 'Kraków', 50.0625, 19.9397);
const WAWEL = place('Wawel', '5', 'Kraków', 50.054, 19.9355);

let phoneSeq = 600_300_100;
const newPhone = () => `+48${phoneSeq++}`;

interface Track {
  order_short_id: string;
  secret: string;
}

async function placeOrder(token: string, order: Record<string, unknown>): Promise<Track> {
  const reply = await callApi(it.app, 'ORDER_SAVE', {
    auth: token,
    order: { taxi_count: 1, taxi_group_id: null, poi: FLORIANSKA, dst: WAWEL, ...order },
  });
  assert.equal(reply.status, 'OK', JSON.stringify(reply));
  return reply.track as Track;
}

/** The operator's tool on a test server's data: moves an order to another state. */
function setOrderState(shortId: string, state: string, app = it.app, corporation = CORPORATION) {
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'server/src/cli.ts'), 'order-state', corporation, shortId, state],
    { env: { ...process.env, CORP_DIR: app.corpDir, DATA_DIR: app.dataDir }, stdio: 'pipe' },
  );
}

async function rateApi(action: string, track: Track) {
  const cmd = JSON.stringify({ action_id: action, lang: 'en', ...track });
  const response = await fetch(`${it.app.url}/rate/api/1/`, {
    method: 'POST',
    body: new URLSearchParams({ cmd }),
  });
  return (await response.json()) as {
    status: string;
    data?: { rate: number | null; comment: string | null };
  };
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const trackPath = (track: Track) => `/t/${track.order_short_id}/${track.secret}`;

test('a link that names no order shows "Order not found" with a back button', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  await page.goto(`${it.app.url}/t/ZZZZ9999/no-such-secret`);
  await page.getByRole('heading', { name: 'Order not found' }).waitFor();
  await shot(page, 'track-not-found');
  await page.getByRole('button', { name: 'Back' }).click();
  // Home, which sends a visitor without an account on to the login.
  await page.waitForURL((url) => url.pathname === '/auth/');
  await page.goto(`${it.app.url}/track/?o=ZZZZ9999&p=no-such-secret`);
  await page.getByRole('heading', { name: 'Order not found' }).waitFor();
  await context.close();
});

test('the same in Polish, for a real order with a wrong secret', async () => {
  const token = await signInByApi(it.app, newPhone());
  const track = await placeOrder(token, { order_type: 'Z' });
  const context = await newContext(it.browser, 'pl-PL');
  const page = await context.newPage();
  await page.goto(`${it.app.url}/t/${track.order_short_id}/${track.secret}x`);
  await page.getByRole('heading', { name: 'Nie znaleziono zamówienia' }).waitFor();
  await page.getByRole('button', { name: 'Wstecz' }).waitFor();
  await context.close();
});

test('a shared link logs in over the socket its HTML opened before any script ran, the only one', async () => {
  const token = await signInByApi(it.app, newPhone());
  const track = await placeOrder(token, { order_type: 'Z' });
  const context = await newContext(it.browser, 'en-US');
  // Who opened each socket: the page's inline start-up script (no src) or a script later.
  await context.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { openedSockets: opened });
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        const script = document.currentScript as HTMLScriptElement | null;
        opened.push(script ? script.src || 'inline' : 'later');
      }
    };
  });
  const page = await context.newPage();
  await page.goto(`${it.app.url}${trackPath(track)}`);
  await page.getByRole('button', { name: 'Share ride' }).waitFor();
  await page
    .getByText(/looking for a taxi|waiting/i)
    .first()
    .waitFor();
  assert.deepEqual(
    await page.evaluate(() => (window as unknown as { openedSockets: string[] }).openedSockets),
    ['inline'],
  );
  await context.close();
});

test('a finished ride is rated once through its link, then thanks', async () => {
  const token = await signInByApi(it.app, newPhone());
  const track = await placeOrder(token, { order_type: 'Z' });
  // Anyone holding the link, logged out.
  const context = await newContext(it.browser, 'en-US', { viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const rateUrl = `${it.app.url}/r/${track.order_short_id}/${track.secret}`;

  // While the ride is not over the server refuses the rating: the passenger is told.
  await page.goto(rateUrl);
  await page.getByRole('heading', { name: 'How would you rate this ride?' }).waitFor();
  const rate = page.getByRole('button', { name: 'Rate', exact: true });
  assert.equal(await rate.isDisabled(), true);
  await page.getByRole('radio', { name: 'Good', exact: true }).check();
  assert.equal(await rate.isDisabled(), false);
  await rate.click();
  await page
    .getByRole('alertdialog')
    .getByText('Error while rating. Please try again later.')
    .waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();

  setOrderState(track.order_short_id, 'Z');
  await page.goto(rateUrl);
  await page.getByRole('radio', { name: 'Very good' }).check();
  const comment = page.getByRole('textbox', { name: 'Comment' });
  assert.equal(await comment.getAttribute('placeholder'), 'Tell us more (optional)');
  await comment.fill('Clean car, kind driver');
  await shot(page, 'rate-form');
  await page.getByRole('button', { name: 'Rate', exact: true }).click();
  await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
  await shot(page, 'rate-thanks');
  const stored = await rateApi('GET_RATE', track);
  assert.deepEqual(stored.data, { rate: 2, comment: 'Clean car, kind driver' });

  // Already rated: straight to the thank-you card, also under /rate/?o=&p=.
  await page.goto(`${it.app.url}/rate/?o=${track.order_short_id}&p=${track.secret}`);
  await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
  assert.equal(await page.getByRole('radio').count(), 0);
  await page.getByRole('link', { name: 'Back to order' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/');
  await context.close();
});

test('Cancel is the owner’s: another signed-in passenger following the link is not offered it', async () => {
  const owner = await signInByApi(it.app, newPhone());
  const track = await placeOrder(owner, { order_type: 'Z' });
  const open = async (token: string) => {
    const context = await newContext(it.browser, 'en-US', {
      viewport: { width: 360, height: 740 },
    });
    await storeToken(context, token);
    const page = await context.newPage();
    // Cancel waits for the server's list of the passenger's active orders.
    const listed = page.waitForResponse((response) =>
      decodeURIComponent(response.request().postData() ?? '').includes('GET_CURRENT_ORDERS'),
    );
    await page.goto(`${it.app.url}${trackPath(track)}`);
    await listed;
    await page.getByRole('button', { name: 'Share ride' }).waitFor();
    return page;
  };
  const stranger = await open(await signInByApi(it.app, newPhone()));
  assert.equal(await stranger.getByRole('button', { name: 'Cancel order' }).count(), 0);
  const passenger = await open(owner);
  await passenger.getByRole('button', { name: 'Cancel order' }).waitFor();
});

test('a ride waiting for a taxi pulses without keeping the page busy: no style work frame after frame', async () => {
  const track = await placeOrder(await signInByApi(it.app, newPhone()), { order_type: 'Z' });
  const context = await newContext(it.browser, 'en-US', { viewport: { width: 360, height: 740 } });
  try {
    // The map's style and tiles held back: the map draws nothing, so what remains is the panel.
    await context.route(/\/tiles\//, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${it.app.url}${trackPath(track)}`);
    await page.getByRole('heading', { name: /^Order accepted, waiting/ }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const styleRecalculations = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find(
        (metric) => metric.name === 'RecalcStyleCount',
      )!.value;
    // What a second of a passenger waiting costs, in the quietest of three (the first may still
    // see the page settle). The windows are the measure itself (no event marks their end), and
    // nothing in the page asks for frames meanwhile, as a requestAnimationFrame loop would.
    await page.getByRole('button', { name: 'Share ride' }).waitFor();
    const perSecond: number[] = [];
    for (let window = 0; window < 3; window++) {
      const before = await styleRecalculations();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      perSecond.push((await styleRecalculations()) - before);
    }
    const recalculated = Math.min(...perSecond);
    // A pulse the main thread paints (box-shadow) restyles every frame, 60 times a second; the
    // compositor's is looked at by the main thread a few times an iteration (1.4 s).
    assert.ok(recalculated < 15, `style recalculations a second: ${perSecond.join(', ')}`);
  } finally {
    await context.close();
  }
});

test('the active orders list shows each order with its time and opens Track', async () => {
  const token = await signInByApi(it.app, newPhone());
  const now = await placeOrder(token, { order_type: 'Z' });
  const later = new Date(Date.now() + 26 * 3600_000);
  const scheduled = await placeOrder(token, { order_type: 'T', date_time: later.toISOString() });
  const orders = await callApi(it.app, 'GET_CURRENT_ORDERS', { auth: token });
  const scheduledEntry = (orders.data_list as { date_time: string; track: Track }[]).find(
    (order) => order.track.order_short_id === scheduled.order_short_id,
  );
  assert.ok(scheduledEntry, 'the scheduled order is active');

  const context = await newContext(it.browser, 'en-US', { viewport: { width: 360, height: 740 } });
  await storeToken(context, token);
  const page = await context.newPage();
  // A first visit to a non-public page goes Home, whose active-orders dialog leads here.
  await page.goto(`${it.app.url}/`);
  await page.getByRole('dialog').getByRole('link', { name: 'See all (2)' }).click();
  await page.getByRole('heading', { level: 1, name: 'Active rides' }).waitFor();
  // Home's dialog lists the newest order as well, until it has closed.
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  assert.equal(new URL(page.url()).pathname, '/orders/');
  await page.getByText('Orders in progress and scheduled. Tap one to follow it live.').waitFor();
  const cards = page.getByRole('link', { name: /Track this order$/ });
  await cards.nth(1).waitFor();
  assert.equal(await cards.count(), 2);
  const scheduledCard = page.getByRole('link', { name: /^Scheduled Created/ });
  assert.match(
    (await scheduledCard.textContent()) ?? '',
    new RegExp(`Pickup ${scheduledEntry.date_time.slice(0, 16)}`),
  );
  const nowCard = page.getByRole('link', { name: /^Regular/ });
  assert.match((await nowCard.textContent()) ?? '', /Ordered \d{4}-\d\d-\d\d \d\d:\d\d/);
  await shot(page, 'orders');
  await nowCard.click();
  await page.waitForURL((url) => url.pathname === trackPath(now));
  await page
    .getByRole('region', { name: 'Map of the ride' })
    .or(page.getByRole('status'))
    .first()
    .waitFor();
  await context.close();
});

// ---- With the demo fleet: taxis that accept, drive, arrive, pick up and finish by themselves.

/** A corporation of its own on the Monaco extract, where the simulated taxis drive. */
const RIDE_HOST = 'ride.localhost';
/** A corporation whose one driver waits at the kerb for good: a ride that stays put. */
const KERB_HOST = 'kerb.localhost';
const MONTE_CARLO = place('Place du Casino', '1', 'Monaco', 43.7396, 7.4276);
const PALAIS = place('Place du Palais', '1', 'Monaco', 43.7311, 7.4197);

/** Records every panel heading the page shows, in order, as a person would have seen them. */
interface SeenState {
  heading: string;
  /** The panel's text and the taxi pins on the map while that heading was shown. */
  panel: string;
  taxiPins: number;
}

/**
 * Every state view the page shows, as it happens (a fast fleet may pass a state within a
 * second, before a test step could look at it).
 */
async function recordHeadings(page: Page) {
  await page.addInitScript(() => {
    const seen: SeenState[] = [];
    (window as unknown as { seenStates: SeenState[] }).seenStates = seen;
    new MutationObserver(() => {
      const panel = document.querySelector('.tr-panel');
      const heading = panel?.querySelector('h1')?.textContent ?? '';
      if (!panel || !heading) return;
      const state = {
        heading,
        panel: panel.textContent ?? '',
        taxiPins: document.querySelectorAll('[role="img"][aria-label^="Taxi "]').length,
      };
      const last = seen[seen.length - 1];
      if (last?.heading !== heading) seen.push(state);
      else if (state.panel.length >= last.panel.length || state.taxiPins > last.taxiPins) {
        // The same view, filled in further (the taxi card, the pin): keep the fullest.
        last.panel = state.panel;
        last.taxiPins = Math.max(last.taxiPins, state.taxiPins);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { seenStates: SeenState[] }).seenStates);
}

/** The headings in this order, others allowed between them. */
function assertInOrder(seen: SeenState[], expected: string[]) {
  let at = 0;
  for (const { heading } of seen) if (heading === expected[at]) at++;
  assert.equal(
    at,
    expected.length,
    `expected ${JSON.stringify(expected)} in ${JSON.stringify(seen)}`,
  );
}

describe('with the demo fleet', () => {
  let fleet: RunningApp;
  const demo = demoCorporation();
  /** A corporation of its own on the Monaco extract, with simulated drivers of these habits. */
  const monaco = (id: string, host: string, fleet: Record<string, unknown>) => ({
    ...demo,
    id,
    hostnames: [host],
    timezone: 'Europe/Monaco',
    settings: { ...demo.settings, city: 'Monaco' },
    geo: { extract: '../shared/data/osm/monaco.osm.pbf' },
    fleet,
  });
  before(async () => {
    fleet = await startApp({
      corporations: [
        // The demo's drivers find 4 % of their passengers absent (a no-show ends the ride
        // 'cancelled'); these tests follow whole rides, so here every passenger comes.
        monaco('ride', RIDE_HOST, { size: 6, habits: { absentRate: 0 } }),
        // Takes every offer and then waits at the pickup (~55 min at this speed), so a test
        // finds the ride in one state instead of racing a fast fleet past it.
        monaco('kerb', KERB_HOST, {
          size: 1,
          habits: { absentRate: 0, rejectRate: 0, ignoreRate: 0, boardingDelay: [1e5, 1e5] },
        }),
      ],
      env: { FLEET: 'sim', FLEET_SPEED: '30' },
    });
  });
  // A page left open (a failed test) would keep its tracking socket, and the server's shutdown
  // waits for open sockets: close every browser context first.
  afterEach(async () => {
    for (const context of it.browser.contexts()) await context.close();
  });
  after(async () => {
    await fleet?.stop();
  });
  /** The page's origin; Node cannot resolve *.localhost, so calls name the host in the query. */
  const url = (host = RIDE_HOST) => fleet.urlFor(host);
  const call = (route: string, host = RIDE_HOST) => `${fleet.url}${route}?hostname=${host}`;

  async function order(phone: string, host = RIDE_HOST): Promise<{ token: string; track: Track }> {
    const send = (action: string, payload: Record<string, unknown>) =>
      fetch(call('/api/2/', host), {
        method: 'POST',
        body: new URLSearchParams({
          cmd: JSON.stringify({ action_id: action, lang: 'en', ...payload }),
        }),
      }).then((response) => response.json() as Promise<Record<string, unknown>>);
    await send('GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true });
    const signedIn = await send('GET_AUTH_PHONE', {
      phone,
      secret: await latestCode(fleet, phone, host),
    });
    const token = signedIn.auth as string;
    const saved = await send('ORDER_SAVE', {
      auth: token,
      order: { order_type: 'Z', taxi_count: 1, taxi_group_id: null, poi: MONTE_CARLO, dst: PALAIS },
    });
    assert.equal(saved.status, 'OK', JSON.stringify(saved));
    return { token, track: saved.track as Track };
  }

  test('a passenger watches the taxi accept, approach, arrive, pick up and finish, then rates; a logged-out browser follows the shared link', async () => {
    const { token, track } = await order(newPhone());
    const context = await newContext(it.browser, 'en-US', {
      viewport: { width: 360, height: 740 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await storeToken(context, token);
    const page = await context.newPage();
    const seen = await recordHeadings(page);
    await page.goto(`${url()}${trackPath(track)}`);

    // Under way: the passenger may cancel and shares the ride.
    await page.getByRole('button', { name: 'Cancel order' }).waitFor();
    await page.getByRole('button', { name: 'Share ride' }).click();
    await page.getByText('Link copied. Anyone with it can follow the ride.').waitFor();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(shared, `${url()}${trackPath(track)}`);

    const follower = await newContext(it.browser, 'pl-PL', {
      viewport: { width: 360, height: 740 },
    });
    const other = await follower.newPage();
    const otherSeen = await recordHeadings(other);
    await other.goto(shared);

    // The follower sees the ride from wherever it has got to, and is never offered Cancel. It
    // may come while the offer waits for a driver: one who lets it time out holds it for 20 s.
    const polish = [
      'Taksówka w drodze',
      'Taksówka przyjechała',
      'Jesteś w taksówce',
      'Przejazd zakończony',
    ];
    const waiting = [
      'Zamówienie utworzone',
      'Zamówienie przyjęte, czekamy na wolną taksówkę',
      'Czekamy, aż kierowca przyjmie zlecenie',
    ];
    await other
      .getByRole('heading', { name: new RegExp(`^(${[...waiting, ...polish].join('|')})$`) })
      .waitFor();
    assert.equal(await other.getByRole('button', { name: 'Anuluj zamówienie' }).count(), 0);

    await page.getByRole('heading', { name: 'Ride finished' }).waitFor({ timeout: 90_000 });
    await shot(page, 'ride-finished');
    const states = await seen();
    assertInOrder(states, [
      'Taxi on the way',
      'Your taxi has arrived',
      'You are in the taxi',
      'Ride finished',
    ]);
    // While it came: its card with the ETA and registration, and the taxi on the map.
    const onTheWay = states.find((state) => state.heading === 'Taxi on the way')!;
    assert.match(onTheWay.panel, /Arrives in about \d+ min/);
    assert.match(onTheWay.panel, /Registration: [A-Z]+ \d{4}[A-Z]/);
    assert.ok(onTheWay.taxiPins > 0, 'the taxi is on the map while it comes');
    await other.getByRole('heading', { name: 'Przejazd zakończony' }).waitFor();
    const followed = await otherSeen();
    const joined = polish.findIndex((heading) =>
      followed.some((state) => state.heading === heading),
    );
    assert.ok(joined >= 0 && joined <= 2, `the follower saw the ride: ${JSON.stringify(followed)}`);
    assertInOrder(followed, polish.slice(joined));
    await follower.close();

    await page.getByRole('radio', { name: 'Very good' }).check();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((at) => at.pathname === '/');
    const stored = await fetch(call('/rate/api/1/'), {
      method: 'POST',
      body: new URLSearchParams({ cmd: JSON.stringify({ action_id: 'GET_RATE', ...track }) }),
    }).then((response) => response.json() as Promise<{ data: { rate: number } }>);
    assert.equal(stored.data.rate, 2);
    await context.close();
  });

  /**
   * The server process dies (SIGKILL); while it is down `whileDown` runs; then it starts again
   * on the same data. A graceful restart (SIGTERM) is not used: the server's shutdown waits for
   * open tracking sockets and never ends while a page follows a ride.
   */
  async function crashAndRestart(whileDown: () => void) {
    const listening = execFileSync('ss', ['-ltnpH', `sport = :${fleet.port}`], {
      encoding: 'utf8',
    });
    const pid = Number(/pid=(\d+)/.exec(listening)?.[1]);
    assert.ok(pid > 0, `no server process on port ${fleet.port}: ${listening}`);
    process.kill(pid, 'SIGKILL');
    while (execFileSync('ss', ['-ltnH', `sport = :${fleet.port}`], { encoding: 'utf8' }).trim()) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    whileDown();
    await fleet.restart();
  }

  test('the server dies and restarts mid-ride; the page recovers by itself and shows what changed meanwhile', async () => {
    const { track } = await order(newPhone(), KERB_HOST);
    const context = await newContext(it.browser, 'en-US', {
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(`${url(KERB_HOST)}${trackPath(track)}`);
    await page.getByRole('heading', { name: 'Your taxi has arrived' }).waitFor({ timeout: 60_000 });
    // While the server is down the ride ends (the operator's tool writes it to the database).
    await crashAndRestart(() => setOrderState(track.order_short_id, 'Z', fleet, 'kerb'));
    const offline = page.getByText('Connection lost. Reconnecting…');
    await offline.waitFor();
    await shot(page, 'ride-offline');
    // Back on its own, 5 s after the drop and again until the server answers.
    await offline.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('heading', { name: 'Ride finished' }).waitFor();
    await page.getByRole('radio', { name: 'Very good' }).waitFor();
    await context.close();
  });
});
