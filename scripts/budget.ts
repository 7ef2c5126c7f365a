// The first-screen budget: the JavaScript a new visitor downloads before the login,
// Home or a shared ride link is usable may not grow past the budget below on the wire. Bytes are read from
// the published releases as the server sends them (the Brotli copy when publishing made one), so
// the check is stable; times are printed by bench/coldstart.ts, never asserted.
//
//   node scripts/budget.ts [releases folder = RELEASES_DIR or ./releases]
//
// A screen's JavaScript: the host's scripts named by its index.html (the entry and its preloaded
// start-up chunks), the remote's remoteEntry.js and the synchronous chunks of the screen's exposed
// module (its mf-manifest.json). Shared singletons come from the host; async chunks (the map)
// load after the screen is usable.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { routeOf, type ScreenRoute } from '@taxi/server/releases/preload';
import { NEWEST, resolveRelease, type ReleaseName } from '@taxi/server/releases/resolve';

/**
 * Bytes (1 kB = 1,000 B): the product's goal (docs/decisions/0006). The first screens weigh 123.6–128.8 kB (react-dom,
 * react-router, the federation runtime and i18next are most of it); a release that grows one
 * past the goal fails.
 */
export const FIRST_SCREEN_BUDGET = 130_000;

/** The first screens a passenger meets: login, Home and a shared ride link. */
export const FIRST_SCREENS = ['/auth/', '/', '/t/:o/:p'];

export interface ScreenBytes {
  path: string;
  files: { url: string; bytes: number }[];
  total: number;
}

/** What the server sends for a release file: its Brotli copy when there is one. */
function servedBytes(file: string): number {
  for (const copy of [`${file}.br`, `${file}.gz`, file])
    if (existsSync(copy)) return statSync(copy).size;
  throw new Error(`${file} is named by the release but missing`);
}

async function releaseFolder(releasesDir: string, part: ReleaseName): Promise<string> {
  // The budget weighs what was built last, whichever corporation runs it.
  const release = await resolveRelease(releasesDir, part, NEWEST);
  if (release?.kind !== 'version')
    throw new Error(`no published release of ${part} in ${releasesDir}`);
  return path.join(releasesDir, 'mf', part, release.version);
}

/** The host's start-up scripts: every script and preloaded script of its index.html. */
function hostScripts(folder: string): string[] {
  const html = readFileSync(path.join(folder, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)=["']?([^"'\s>]+\.js)\b/g),
  ].map((m) => m[1]!);
  return urls.map((url) => path.join(folder, path.basename(url)));
}

interface Manifest {
  metaData: { remoteEntry: { name: string; path?: string } };
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

function screenScripts(folder: string, row: ScreenRoute): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8'),
  ) as Manifest;
  const expose = manifest.exposes.find((entry) => entry.path === row.module);
  if (!expose) throw new Error(`${row.remote} does not expose ${row.module}`);
  const entry = manifest.metaData.remoteEntry;
  return [path.join(entry.path ?? '', entry.name), ...expose.assets.js.sync].map((file) =>
    path.join(folder, file),
  );
}

/** The JavaScript bytes of each first screen, as served from `releasesDir`. */
export async function firstScreenBytes(releasesDir: string): Promise<ScreenBytes[]> {
  const hostFolder = await releaseFolder(releasesDir, 'host');
  const host = hostScripts(hostFolder);
  return Promise.all(
    FIRST_SCREENS.map(async (screenPath) => {
      // The host release's own routes.json, so the budget reads the route table it shipped.
      const pathname = screenPath.replace(/:\w+/g, 'x');
      const row = await routeOf(releasesDir, path.basename(hostFolder), pathname);
      if (!row?.remote)
        throw new Error(`${screenPath} is not a remote's screen in the host's routes.json`);
      const scripts = [
        ...host,
        ...screenScripts(await releaseFolder(releasesDir, row.remote), row),
      ];
      const files = scripts.map((file) => ({
        url: path.relative(releasesDir, file),
        bytes: servedBytes(file),
      }));
      return { path: screenPath, files, total: files.reduce((sum, file) => sum + file.bytes, 0) };
    }),
  );
}

/** Prints each screen's bytes; false when one is over the budget. */
export async function checkBudget(
  releasesDir: string,
  log: (line: string) => void = console.log,
): Promise<boolean> {
  let within = true;
  for (const screen of await firstScreenBytes(releasesDir)) {
    const over = screen.total > FIRST_SCREEN_BUDGET;
    within &&= !over;
    log(
      `${screen.path}: ${(screen.total / 1000).toFixed(1)} kB of JavaScript in ${screen.files.length} files ` +
        `(budget ${FIRST_SCREEN_BUDGET / 1000} kB)` +
        (over ? ' OVER BUDGET' : ''),
    );
    if (over)
      for (const file of screen.files) log(`  ${String(file.bytes).padStart(7)}  ${file.url}`);
  }
  return within;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const releasesDir = path.resolve(process.argv[2] ?? process.env.RELEASES_DIR ?? 'releases');
  process.exitCode = (await checkBudget(releasesDir)) ? 0 : 1;
}
