// The service worker's registry: a start runs the registry the worker kept and fetches the
// server's beside it for the next start (docs/offline.md).
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
