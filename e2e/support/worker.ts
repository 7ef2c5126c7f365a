// The service worker's registry: a start runs the registry the worker kept and fetches the
// server's beside it for the next start (docs/offline.md).
import assert from 'node:assert/strict';
import { untilInPage, type Evaluates } from './poll.ts';

/**
 * Resolves once this page's worker keeps, for its device, a registry naming `manifest` (the
 * URL of a remote's mf-manifest.json), so that the next start runs it; at once when no worker
 * has kept a registry (the next start asks the server). A page the worker does not control yet
 * still waits when a registry is kept: the worker takes the next start, and the page's own
 * start refreshes what it keeps only once loaded (CACHE_URLS).
 */
export async function registryKept(page: Evaluates, manifest: string): Promise<void> {
  await untilInPage(
    page,
    async (wanted: string) => {
      const query = new URLSearchParams({ hostname: location.hostname });
      const device = localStorage.getItem('taxi.device');
      if (device) query.set('device', device);
      const kept = await caches.match(`/remotes.json?${query}`);
      if (!kept) return !navigator.serviceWorker?.controller;
      return (await kept.text()).includes(`"${wanted}"`);
    },
    manifest,
    { what: `a kept registry naming ${manifest}` },
  );
}

/** Resolves once a worker controls the page (clients.claim() on its activation). */
export async function controlled(page: Evaluates): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  }, null);
}

/** Resolves once `check` holds: the server re-reads corporation files about once a second. */
export async function serverSays(what: string, check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await check());) {
    assert.ok(Date.now() < deadline, what);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Resolves once every release file this page used, and its settings and registry, are cached.
 * A file the first (uncontrolled) load fetched after it handed its URLs to the new worker is
 * fetched again through the worker, as the next online load would (the page is controlled now).
 */
export async function cachedForOffline(page: Evaluates): Promise<void> {
  await untilInPage(
    page,
    async () => {
      const used = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.startsWith('/mf/'));
      const device = localStorage.getItem('taxi.device');
      const wanted = [
        ...used,
        `/settings.json?hostname=${location.hostname}`,
        `/remotes.json?hostname=${location.hostname}${device ? `&device=${device}` : ''}`,
      ];
      const found = await Promise.all(wanted.map((url) => caches.match(url)));
      const missing = wanted.filter((_, i) => !found[i]);
      await Promise.all(missing.map((url) => fetch(url).catch(() => undefined)));
      return used.length > 0 && missing.length === 0;
    },
    '',
    { what: 'every file of the start in the cache' },
  );
}
