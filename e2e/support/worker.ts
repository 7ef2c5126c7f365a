// The service worker's registry: a start runs the registry the worker kept and fetches the
// server's beside it for the next start (docs/offline.md).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { untilInPage } from './poll.ts';

/**
 * Resolves once this page's worker keeps, for its device, a registry naming `manifest` (the
 * URL of a remote's mf-manifest.json), so that the next start runs it; at once when no worker
 * has kept a registry (the next start asks the server). A page the worker does not control yet
 * still waits when a registry is kept: the worker takes the next start, and the page's own
 * start refreshes what it keeps only once loaded (CACHE_URLS).
 */
export async function registryKept(page: Page, manifest: string): Promise<void> {
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
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/** Resolves once `check` holds: the server re-reads corporation files about once a second. */
export async function serverSays(what: string, check: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await check());) {
    assert.ok(Date.now() < deadline, what);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
