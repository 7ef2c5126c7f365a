// The Content-Security-Policy of a corporation's pages: exactly the origins the app loads from.
import { createHash } from 'node:crypto';
import type { Corporation } from '../corporations/directory.ts';
import { REMOTES } from '../corporations/parts.ts';

/** What mapbox-gl talks to besides the style's own sources: styles, tiles, telemetry. */
const MAPBOX_ORIGINS = [
  'https://api.mapbox.com',
  'https://events.mapbox.com',
  'https://*.tiles.mapbox.com',
];

/** Every reply that is not a page: nothing may load, nothing may frame it. */
export const NON_PAGE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The CSP source for an absolute or scheme-relative URL ('https://cdn.example',
 * '//cdn.example' as 'cdn.example'), or nothing for a path on the app's own origin.
 */
export function sourceOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const relative = url.startsWith('//');
  if (!relative && !/^https?:\/\//i.test(url)) return undefined;
  try {
    const parsed = new URL(relative ? `https:${url}` : url);
    return relative ? parsed.host : parsed.origin;
  } catch {
    return undefined;
  }
}

/** The origins a corporation's releases point at: remote manifests, their scripts, CSS and images. */
export function releaseSources(corporation: Corporation): string[] {
  const sources = new Set<string>();
  for (const name of REMOTES) {
    const pointer = corporation.releases[name];
    for (const target of [pointer?.use, pointer?.fallback]) {
      const source = sourceOf(target);
      if (source) sources.add(source);
    }
  }
  return [...sources].sort();
}

/** The origins the map fetches from: the tile server or style of `tile_url`, and Mapbox's. */
export function mapSources(settings: Record<string, unknown>): string[] {
  const sources = new Set<string>();
  const tiles = sourceOf(settings.tile_url);
  if (tiles) sources.add(tiles);
  const mapbox =
    (typeof settings.mapbox_token === 'string' && settings.mapbox_token !== '') ||
    (typeof settings.tile_url === 'string' && settings.tile_url.startsWith('mapbox://'));
  if (mapbox) for (const origin of MAPBOX_ORIGINS) sources.add(origin);
  return [...sources].sort();
}

/** The origins of the brand images in settings (logo, icon, favicon). */
function brandSources(settings: Record<string, unknown>): string[] {
  const sources = new Set<string>();
  for (const key of ['corp_logo', 'corp_icon', 'favicon']) {
    const source = sourceOf(settings[key]);
    if (source) sources.add(source);
  }
  return [...sources].sort();
}

/** The CSP hash source ('sha256-…') of an inline element's text. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The empty <style> element's: the app's sheets go in through the CSSOM, into empty elements
 * (tooling/add-style.js), which CSP does not count as inline style.
 */
const EMPTY_STYLE = hashSource('');

/** The hash sources of the page's inline scripts and <style> elements, in page order. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

export function inlineHashes(html: string): InlineHashes {
  const scripts: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi))
    if (!/\bsrc\s*=/i.test(attributes ?? '')) scripts.push(hashSource(body ?? ''));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map(([, body]) =>
    hashSource(body ?? ''),
  );
  return { scripts, styles };
}

/**
 * The page policy with `connect-src` last, so that the caller appends the tracking socket's
 * origin (it depends on the request's host and scheme) without rebuilding the rest.
 */
export function pagePolicy(corporation: Corporation, hashes: InlineHashes): string {
  const releases = releaseSources(corporation);
  const map = mapSources(corporation.settings);
  const brand = brandSources(corporation.settings);
  const list = (...sources: (string | readonly string[])[]) =>
    [...new Set(sources.flat())].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", hashes.scripts, releases)}`,
    // The page's own <style> elements by hash; no style attribute, no other inline sheet.
    `style-src ${list("'self'", hashes.styles, EMPTY_STYLE, releases)}`,
    `img-src ${list("'self'", 'data:', 'blob:', releases, map, brand)}`,
    `font-src ${list("'self'", releases)}`,
    // The map libraries run their workers from blob: URLs; /sw.js is the service worker.
    `worker-src 'self' blob:`,
    `child-src 'self' blob:`,
    `frame-src 'none'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `connect-src ${list("'self'", releases, map)}`,
  ].join('; ');
}

/** Policies built once per corporation file (a changed file is a new Corporation object). */
const built = new WeakMap<Corporation, Map<string, string>>();

export function cachedPagePolicy(corporation: Corporation, hashes: InlineHashes): string {
  let byHashes = built.get(corporation);
  if (!byHashes) built.set(corporation, (byHashes = new Map()));
  const key = `${hashes.scripts.join(' ')};${hashes.styles.join(' ')}`;
  let policy = byHashes.get(key);
  if (policy === undefined) {
    policy = pagePolicy(corporation, hashes);
    // A few host releases per corporation at a time; a bound all the same.
    if (byHashes.size >= 16) byHashes.clear();
    byHashes.set(key, policy);
  }
  return policy;
}
