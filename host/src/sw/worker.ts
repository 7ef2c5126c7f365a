// The service worker, bundled alone into /mf/host/<version>/sw.js (served at /sw.js): runtime
// caching only, no precache. The rules are in rules.ts; Workbox does the caching.
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { CACHE_NAMES, SHELL_KEY, freshKey, ruleFor, staleCaches, type Rule } from './rules';
import { ownPage, readRidePush } from './notifications';

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] });
const freshPlugins = () => [
  okOnly(),
  { cacheKeyWillBeUsed: async ({ request }: { request: Request }) => freshKey(request.url) },
  new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true }),
];

const strategies: Record<Rule, Strategy> = {
  // Versioned, immutable paths: a cached copy is always right. The cap keeps old releases
  // from piling up on a small phone (least recently used go first).
  release: new CacheFirst({
    cacheName: CACHE_NAMES.release,
    plugins: [
      okOnly(),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
    ],
  }),
  tile: new CacheFirst({
    cacheName: CACHE_NAMES.tile,
    plugins: [
      okOnly(),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
  // Every app route is the same index.html, kept once. A start never waits for the network:
  // the kept shell is used and the server's is fetched beside it for the next start.
  page: new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.page,
    plugins: [
      okOnly(),
      { cacheKeyWillBeUsed: async () => SHELL_KEY },
      // Only the app's page may become the shell.
      {
        cacheWillUpdate: async ({ response }) =>
          response.headers.get('Content-Type')?.startsWith('text/html') ? response : null,
      },
    ],
  }),
  // The same for settings, registry and manifests: a pin, rollback or settings change reaches
  // the passenger on the start after the one that fetched it (README, Offline and caching).
  fresh: new StaleWhileRevalidate({ cacheName: CACHE_NAMES.fresh, plugins: freshPlugins() }),
  reload: new NetworkFirst({
    cacheName: CACHE_NAMES.reload,
    networkTimeoutSeconds: 6,
    plugins: freshPlugins(),
  }),
};

const router = new Router();
// One route: the rule is worked out once per request and names the strategy (Workbox hands a
// match's value to the handler as its params).
router.registerRoute(
  new Route(
    ({ request }) => ruleFor(request, self.location.origin) ?? false,
    ({ event, request, params }) =>
      strategies[params as unknown as Rule].handle({ event, request }),
  ),
);
// Requests no route matches are left to the browser (API calls, sockets, other servers).
router.addFetchListener();
// The first page, loaded before this worker existed, sends the URLs it used (register.ts).
router.addCacheListener();

/** The shell, so that an offline start works after a single visit. */
async function cacheShell(): Promise<void> {
  try {
    const response = await fetch(SHELL_KEY, { cache: 'no-cache' });
    if (response.status === 200 && response.headers.get('Content-Type')?.startsWith('text/html'))
      await (await caches.open(CACHE_NAMES.page)).put(SHELL_KEY, response);
  } catch {
    // Offline while installing: the next navigation caches it.
  }
}

// Release files are versioned, so the new worker may take over at once: the page it takes over
// keeps running the release it started with.
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  event.waitUntil(cacheShell());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys()).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

// Ride notifications: a push from the server shows as it came; the app open in a background tab
// shows the same through showNotification (remote-tracking's notify/).
self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = readRidePush(event.data?.json());
  } catch {
    // Not JSON: not ours.
  }
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag || undefined,
      data: { url: message.url },
    }),
  );
});

/** Focuses a window already on the page, else moves one of the app there, else opens one. */
async function openPage(href: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === href);
  if (same) {
    await same.focus();
    return;
  }
  const other = windows[0];
  if (other) {
    await (await other.focus()).navigate(href);
    return;
  }
  await self.clients.openWindow(href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openPage(ownPage(data?.url, self.location.origin)));
});
