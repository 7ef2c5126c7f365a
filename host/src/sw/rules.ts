// Which caching rule the service worker applies to a request: plain functions, so the decisions
// are unit-tested without a worker (rules.test.ts); the worker wires them to Workbox and to its
// own keeping of pages.
import { PAGE_REVISION_HEADER, screenAt } from '@taxi/contract';
import { VERSIONED_TILE } from '@taxi/contract/tile-paths';

/** Bump to drop every cache of the previous worker on activation (and start empty). */
export const CACHE_VERSION = 1;
export const CACHE_PREFIX = 'taxi-';

export type Rule =
  /** an immutable release file `/mf/<part>/<version>/…`: cache first, capped */
  | 'release'
  /** a tile, glyph range or sprite of the server's own map (immutable): cache first, capped */
  | 'tile'
  /**
   * an app route (a navigation, answered with the host's index.html): the route's kept page at
   * once (keptPageFor), refreshed in the background for the next start
   */
  | 'page'
  /** registry, manifests, web manifest, brand, map style: stale-while-revalidate too */
  | 'fresh'
  /**
   * settings.json: network first (a bounded wait), the kept copy only offline or on a network
   * too slow; its maintenance flag must be the server's of now (spec sections 1 and 2)
   */
  | 'settings'
  /**
   * one of those asked for with `cache: 'reload'` (the host refused the kept registry's release
   * as incompatible): network first, cache fallback, and the answer is kept
   */
  | 'reload';

export const CACHE_NAMES: Record<Rule, string> = {
  release: `${CACHE_PREFIX}release-v${CACHE_VERSION}`,
  tile: `${CACHE_PREFIX}tiles-v${CACHE_VERSION}`,
  page: `${CACHE_PREFIX}shell-v${CACHE_VERSION}`,
  fresh: `${CACHE_PREFIX}fresh-v${CACHE_VERSION}`,
  settings: `${CACHE_PREFIX}fresh-v${CACHE_VERSION}`,
  reload: `${CACHE_PREFIX}fresh-v${CACHE_VERSION}`,
};

/** Caches of this origin that the current worker does not use (another version's, or unknown). */
export function staleCaches(names: string[]): string[] {
  const current = new Set(Object.values(CACHE_NAMES));
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name));
}

/** Calls and live data: never cached, whatever the request. */
const NEVER = /^\/(?:api|rate|driver|report|dev|track\/api|release\/api|operator|mail)\//;
/**
 * Navigations the server does not answer with the app (the same split as its isPagePath): calls,
 * files opened in a tab, and the server's own pages (the operator's, the e-mail confirmation
 * link's). `/rate/` and `/track/` are screens (Rate, Track).
 */
const NOT_A_SCREEN =
  /^\/(?:api|rate\/api|driver|report|dev|track\/api|release\/api|operator|mail|mf|brand|tiles)\/|\.json$|^\/manifest\.webmanifest$|^\/sw\.js$/;
/** Files of a release whose content may change under the same name (publish --replace). */
const MUTABLE_RELEASE_FILE = /\/(?:mf-manifest|release)\.json$/;
const RELEASE = /^\/mf\/[^/]+\/[^/]+\/./;
const SETTINGS = /^\/settings\.json$/;
const FRESH = /^\/(?:remotes\.json|manifest\.webmanifest|tiles\/style\.json)$|^\/brand\//;

export interface RequestLike {
  method: string;
  mode: string;
  url: string;
  /** The request's cache mode (`reload`: the page wants the server's answer). */
  cache?: string;
}

/** The rule for `request` made by a page of `origin`, or null: straight to the network, never cached. */
export function ruleFor(request: RequestLike, origin: string): Rule | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  // Another server's files (a Mapbox map, an external tile server) are that server's business.
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (request.mode === 'navigate') return NOT_A_SCREEN.test(path) ? null : 'page';
  if (request.mode === 'websocket' || NEVER.test(path)) return null;
  if (RELEASE.test(path) && !MUTABLE_RELEASE_FILE.test(path)) return 'release';
  if (VERSIONED_TILE.test(path)) return 'tile';
  if (SETTINGS.test(path)) return 'settings';
  if (FRESH.test(path) || RELEASE.test(path))
    return request.cache === 'reload' ? 'reload' : 'fresh';
  return null;
}

/** The latest page the server sent, whatever its route: what a route without its own page opens on. */
export const SHELL_KEY = '/';

/**
 * Where the page of a route is kept. Every route is the host's index.html, but the server draws
 * the route's skeleton and first texts into it and preloads the route's screen: one page per
 * screen (every ride link shares one), the latest under SHELL_KEY; a path of no screen has none.
 */
export function pageKey(pathname: string): string {
  const screen = screenAt(pathname);
  return screen === undefined ? SHELL_KEY : `${SHELL_KEY}?kept-screen=${screen}`;
}

/**
 * The page a start opens on: the route's own while it is of the latest page's revision (same
 * host release, settings, logo and language: PAGE_REVISION_HEADER), else the latest page; none
 * before the first.
 */
export function keptPageFor<Page extends { headers: Headers }>(
  own: Page | undefined,
  latest: Page | undefined,
): Page | undefined {
  const revision = own?.headers.get(PAGE_REVISION_HEADER);
  return own && revision && revision === latest?.headers.get(PAGE_REVISION_HEADER) ? own : latest;
}

/**
 * The key a response of rule 'fresh' is kept under. Settings are asked for with a time stamp
 * (`t`, to get past every HTTP cache); without dropping it no offline start would find them.
 */
export function freshKey(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('t');
  return parsed.href;
}
