// The published files that carry the map library, for benches that hold the map back: in this
// headless browser the map draws with software WebGL, which a phone's GPU does not pay.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { ROOT } from '@taxi/e2e/support/app';

/** File names (e.g. `118.93875eeb.js`) of the chunks with MapLibre GL JS in the releases. */
export function mapLibraryFiles(): string[] {
  const releases = process.env.E2E_RELEASES_DIR ?? path.join(ROOT, 'releases');
  return readdirSync(releases, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js.LICENSE.txt'))
    .filter((file) => readFileSync(path.join(releases, file), 'utf8').includes('MapLibre GL JS'))
    .map((file) => path.basename(file, '.LICENSE.txt'));
}

/** Holds the map back in `context`: its library's chunks and the tiles are refused. */
export async function holdMapBack(context: BrowserContext): Promise<void> {
  const held = mapLibraryFiles();
  await context.route(
    (url) =>
      url.pathname.startsWith('/tiles/') || held.some((file) => url.pathname.endsWith(`/${file}`)),
    (route) => route.abort(),
  );
}
