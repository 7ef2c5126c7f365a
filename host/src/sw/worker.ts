// The service worker, bundled alone into /mf/host/<version>/sw.js (served at /sw.js): runtime
// caching only, no precache. The rules are in rules.ts; Workbox keeps the files, and each
// route's page is kept here (startPage).
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  CACHE_NAMES,
  SHELL_KEY,
  freshKey,
  keptPageFor,
  pageKey,
  ruleFor,
  staleCaches,
  type Rule,
} from './rules';
import { ownPage, readRidePush } from './notifications';

declare const self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;
/** The longest a start waits for the server's settings before it takes the kept ones. */
const SETTINGS_WAIT_S = 3;
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] });
const freshPlugins = () => [
  okOnly(),
  { cacheKeyWillBeUsed: async ({ request }: { request: Request }) => freshKey(request.url) },
  new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true }),
];

const strategies: Record<Exclude<Rule, 'page'>, Strategy> = {
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
  // The same for the registry and manifests: a pin or rollback reaches the passenger on the
  // start after the one that fetched it (docs/offline.md).
  fresh: new StaleWhileRevalidate({ cacheName: CACHE_NAMES.fresh, plugins: freshPlugins() }),
  // Settings carry the maintenance flag, which is never taken from a kept copy while the server
  // answers: the start waits for them a little (the skeleton shows), offline it takes the copy.
  settings: new NetworkFirst({
    cacheName: CACHE_NAMES.settings,
    networkTimeoutSeconds: SETTINGS_WAIT_S,
    plugins: freshPlugins(),
  }),
  reload: new NetworkFirst({
    cacheName: CACHE_NAMES.reload,
    networkTimeoutSeconds: 6,
    plugins: freshPlugins(),
  }),
};

const isPage = (response: Response) =>
  response.status === 200 && !!response.headers.get('Content-Type')?.startsWith('text/html');

/** Keeps the server's page for its route and, unless told otherwise, as the latest page. */
async function keepPage(key: string, response: Response, asLatest = true): Promise<void> {
  const cache = await caches.open(CACHE_NAMES.page);
  const keys = new Set([key, ...(asLatest ? [SHELL_KEY] : [])]);
  await Promise.all([...keys].map((each) => cache.put(each, response.clone())));
}

/**
 * A navigation: the route's kept page at once (rules.ts, keptPageFor), the server's fetched
 * beside it and kept for the next start; the network only before anything is kept.
 */
async function startPage(event: ExtendableEvent, request: Request): Promise<Response> {
  const key = pageKey(new URL(request.url).pathname);
  const fetched = fetch(request).then(async (response) => {
    if (isPage(response)) await keepPage(key, response);
    return response;
  });
  event.waitUntil(fetched.catch(() => undefined));
  const cache = await caches.open(CACHE_NAMES.page);
  const [own, latest] = await Promise.all([cache.match(key), cache.match(SHELL_KEY)]);
  return keptPageFor(own, latest) ?? fetched;
}

const router = new Router();
// One route: the rule is worked out once per request and names the strategy (Workbox hands a
// match's value to the handler as its params).
router.registerRoute(
  new Route(
    ({ request }) => ruleFor(request, self.location.origin) ?? false,
    ({ event, request, params }) => {
      const rule = params as unknown as Rule;
      return rule === 'page'
        ? startPage(event, request)
        : strategies[rule].handle({ event, request });
    },
  ),
);
// Requests no route matches are left to the browser (API calls, sockets, other servers).
router.addFetchListener();
// The first page, loaded before this worker existed, sends the URLs it used (register.ts).
router.addCacheListener();

/** Fetches the page at `path` (path and query) and keeps it for its route. */
async function fetchPage(path: string, asLatest: boolean): Promise<void> {
  try {
    const response = await fetch(path, { cache: 'no-cache' });
    const { pathname } = new URL(path, self.location.origin);
    if (isPage(response)) await keepPage(pageKey(pathname), response, asLatest);
  } catch {
    // Offline while installing: the next navigation keeps it.
  }
}

/**
 * Home's page, so that an offline start works after a single visit, and the page of each app
 * window installing the worker (a family member's first ride link): a later start on that
 * route opens on its own page. Home's is the latest.
 */
async function keepFirstPages(): Promise<void> {
  const origin = self.location.origin;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const opened = windows
    .map((client) => new URL(client.url))
    .filter((url) => ruleFor({ method: 'GET', mode: 'navigate', url: url.href }, origin) === 'page')
    .map((url) => url.pathname + url.search)
    .filter((path) => path !== SHELL_KEY);
  await Promise.all([...new Set(opened)].map((path) => fetchPage(path, false)));
  await fetchPage(SHELL_KEY, true);
}

// Release files are versioned, so the new worker may take over at once: the page it takes over
// keeps running the release it started with.
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  event.waitUntil(keepFirstPages());
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
