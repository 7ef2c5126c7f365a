// Preload hints for the remote screen a page opens on, so that a cold start fetches the screen's
// manifest, remote entry and chunks in the same round trip as the host's own scripts instead of
// one after another (manifest, then entry, then chunks: three round trips of a slow network).
import path from 'node:path';
import type { Corporation } from '../corporations/directory.ts';
import { releaseJson } from './file-cache.ts';
import { canaryOf, remoteEntry, type ReleaseName } from './resolve.ts';

/** A row of the host release's routes.json (host/routes-manifest.js). */
export interface ScreenRoute {
  pattern: string;
  layout?: string;
  remote?: ReleaseName;
  module?: string;
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** A file name as a build writes it; anything else is not put into the page. */
const PLAIN_FILE = /^[\w.-]+(?:\/[\w.-]+)*$/;

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return (await releaseJson(file)) as T;
  } catch {
    return undefined;
  }
}

/** The route of `pathname` in a host release, when the release says (older ones do not). */
export async function routeOf(releasesDir: string, hostVersion: string, pathname: string): Promise<ScreenRoute | undefined> {
  const routes = await readJson<ScreenRoute[]>(path.join(releasesDir, 'mf', 'host', hostVersion, 'routes.json'));
  return Array.isArray(routes) ? routes.find((row) => new RegExp(row.pattern).test(pathname)) : undefined;
}

/** The release of the remote screen a page opens on: where its files are, as the page asks for them. */
export interface ScreenRelease {
  module: string;
  /** `/mf/<remote>/<version>/` */
  folder: string;
  /** The manifest's address as the registry gives it. */
  manifestUrl: string;
}

/**
 * The release of a route's remote screen, when the server can say which one the page will run:
 * not for no route (a host release without routes.json), a route of no remote, or a part with a
 * canary (the device, not the server, knows which release it gets).
 */
export async function screenRelease(releasesDir: string, corporation: Corporation, route: ScreenRoute | undefined): Promise<ScreenRelease | undefined> {
  if (!route?.remote || !route.module) return undefined;
  const pointer = corporation.releases[route.remote];
  if (await canaryOf(releasesDir, route.remote, pointer)) return undefined;
  const entry = await remoteEntry(releasesDir, route.remote, pointer?.use);
  if (!entry?.version) return undefined;
  return { module: route.module, folder: `/mf/${route.remote}/${entry.version}/`, manifestUrl: entry.url };
}

/** A screen the host release draws itself (the apology page), where its first texts are. */
export function hostScreen(hostVersion: string, module: string): Pick<ScreenRelease, 'module' | 'folder'> {
  return { module, folder: `/mf/host/${hostVersion}/` };
}

/** A JSON file of a screen's release, or undefined when it is missing or unreadable. */
export function releaseJsonOf<T>(releasesDir: string, release: Pick<ScreenRelease, 'folder'>, file: string): Promise<T | undefined> {
  return readJson<T>(path.join(releasesDir, release.folder, file));
}

/**
 * `<link rel="preload">` tags for a screen: the manifest as the federation runtime fetches it
 * (CORS mode, same-origin credentials), then the remote entry and the screen's synchronous
 * chunks as classic scripts.
 */
export async function screenPreloads(releasesDir: string, release: ScreenRelease | undefined): Promise<string> {
  if (!release) return '';
  const manifest = await releaseJsonOf<Manifest>(releasesDir, release, 'mf-manifest.json');
  const assets = manifest?.exposes?.find((expose) => expose.path === release.module)?.assets;
  const entryFile = manifest?.metaData?.remoteEntry;
  if (!assets || !entryFile?.name) return '';
  const scripts = [path.posix.join(entryFile.path ?? '', entryFile.name), ...(assets.js?.sync ?? [])];
  if (!scripts.every((file) => PLAIN_FILE.test(file))) return '';
  return [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${release.manifestUrl}">`,
    ...scripts.map((file) => `<link rel="preload" as="script" href="${release.folder}${file}">`),
  ].join('');
}
