// The ordering budget: a logged-in passenger's first screen (Home with the order form) is
// usable before the map library has downloaded. Prints the JavaScript on the path to a usable
// order form, then what the map adds, in gzip bytes: its pictures (the lite map), then the
// interactive map the passenger starts with a tap on the map.
// To show that the form does not wait for the map, the map's chunks (the async chunks of the
// ordering remote's ./Home, read from its mf-manifest.json) are held back until the form is
// usable, then let through.
// Usage: node bench/ordering-first-screen.ts   (starts its own server, uses the published releases)
import { gzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { startApp } from '@taxi/e2e/support/app';
import { newContext } from '@taxi/e2e/support/browser';
import { HOME_MAP_PL, reachForMap } from '@taxi/e2e/support/map';
import { launchBrowser } from './chromium.ts';

interface Script {
  url: string;
  gzip: number;
  raw: number;
  at: number;
}

const app = await startApp();
const browser = await launchBrowser();
try {
  const api = (action: string, payload: Record<string, string>) =>
    fetch(`${app.url}/api/2/?${new URLSearchParams({ action, ...payload })}`).then(
      (response) => response.json() as Promise<Record<string, unknown>>,
    );
  const phone = '48600555444';
  await api('GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: 'true' });
  const outbox = (await (await fetch(`${app.url}/dev/sms-outbox?phone=%2B${phone}`)).json()) as {
    code: string;
  }[];
  const token = (await api('GET_AUTH_PHONE', { phone, secret: outbox[0]!.code })).auth as string;

  // A new visitor's first load; page.route() cannot hold back what a service worker fetches.
  const context = await newContext(browser, 'pl-PL', { serviceWorkers: 'block' });
  await context.addInitScript((value) => localStorage.setItem('client_token', value), token);
  const page = await context.newPage();
  const registry = (await (await fetch(`${app.url}/remotes.json?hostname=localhost`)).json()) as {
    remotes: Record<string, string>;
  };
  const manifestUrl = new URL(registry.remotes.ordering!, app.url);
  const manifest = (await (await fetch(manifestUrl)).json()) as {
    exposes: { path: string; assets: { js: { async: string[] } } }[];
  };
  const mapChunks = new Set(
    manifest.exposes
      .find((expose) => expose.path === './Home')!
      .assets.js.async.map((file) => new URL(file, manifestUrl).pathname),
  );
  let release: () => void = () => undefined;
  const formReady = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => mapChunks.has(url.pathname),
    async (route) => {
      held += 1;
      await formReady;
      await route.continue();
    },
  );
  const scripts: Script[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const onFinished = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      request.response().then(async (response) => {
        const body = (await response?.body()) ?? Buffer.alloc(0);
        scripts.push({
          url: request.url().replace(app.url, ''),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          at: performance.now() - started,
        });
      }),
    );
  };
  page.on('requestfinished', onFinished);

  await page.goto(`${app.url}/`);
  // Usable: the pickup card can be tapped and the Order button is there.
  await page.getByRole('button', { name: /^Skąd / }).waitFor();
  await page.getByRole('button', { name: 'Zamów', exact: true }).waitFor();
  const formMs = performance.now() - started;
  await Promise.all(pending);
  const beforeMap = scripts.length;
  const mapWasThere = await page.locator('.tx-map').count();
  const heldAtReady = held;
  release();
  const pictures = page.locator('.tx-lite__tile');
  await pictures.first().waitFor({ state: 'attached', timeout: 30_000 });
  const mapMs = performance.now() - started;
  await Promise.all(pending);
  const beforeTap = scripts.length;
  await reachForMap(page, HOME_MAP_PL);
  const interactiveMs = performance.now() - started;
  await Promise.all(pending);
  // What finishes later is not counted; its body, read once the browser is closed, would fail.
  page.off('requestfinished', onFinished);
  await Promise.all(pending);

  const total = (list: Script[]) => list.reduce((sum, script) => sum + script.gzip, 0);
  const print = (list: Script[]) => {
    for (const script of [...list].sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `${String(script.gzip).padStart(8)} ${String(script.raw).padStart(8)}  ${script.url}`,
      );
    }
  };
  const first = scripts.slice(0, beforeMap);
  const map = scripts.slice(beforeMap, beforeTap);
  const interactive = scripts.slice(beforeTap);
  console.log(
    `Home for a logged-in passenger (pl-PL), loopback; order form usable after ${formMs.toFixed(0)} ms`,
  );
  console.log(
    `map chunks held back until then: ${heldAtReady} requested; the map's pictures ${(mapMs - formMs).toFixed(0)} ms later` +
      (mapWasThere ? ' (it was already there: the form waited for it!)' : ''),
  );
  console.log('  gzip B    raw B  script (before the form is usable)');
  print(first);
  console.log(
    `order form: ${first.length} scripts, ${total(first)} B gzip (${(total(first) / 1024).toFixed(1)} kB)`,
  );
  console.log("  gzip B    raw B  script (the map's pictures, after)");
  print(map);
  console.log(
    `map's pictures: ${map.length} scripts, ${total(map)} B gzip (${(total(map) / 1024).toFixed(1)} kB)`,
  );
  console.log(
    `  gzip B    raw B  script (the interactive map, in ${(interactiveMs - mapMs).toFixed(0)} ms after a tap on the map)`,
  );
  print(interactive);
  console.log(
    `interactive map: ${interactive.length} scripts, ${total(interactive)} B gzip (${(total(interactive) / 1024).toFixed(1)} kB)`,
  );
  console.log(`with the map: ${total(scripts)} B gzip (${(total(scripts) / 1024).toFixed(1)} kB)`);
} finally {
  await browser.close();
  await app.stop();
}
