import fs from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { NEWEST, RELEASE_NAMES, type ReleaseName } from '../corporations/parts.ts';
import { releaseJson } from './file-cache.ts';

export { NEWEST, RELEASE_NAMES, REMOTES, type ReleaseName } from '../corporations/parts.ts';

/** Whether `part` is the host or a remote and `release` one of its possible versions. */
export function isRelease(part: string, release: string): boolean {
  return (RELEASE_NAMES as readonly string[]).includes(part) && isVersion(release);
}

/** The file that marks a release folder as complete. */
export function entryFile(name: ReleaseName): string {
  return name === 'host' ? 'index.html' : 'mf-manifest.json';
}

/** A version names a folder: no build metadata (`+…`), which semver would allow. */
const FOLDER_SAFE = /^[0-9A-Za-z.-]+$/;

/** A semantic version, strictly (no leading zeros, no `v`), without build metadata. */
export function isVersion(value: string): boolean {
  return FOLDER_SAFE.test(value) && semver.valid(value) === value;
}

/** Semver's precedence, pre-releases included; versions that are not semver compare equal. */
export function compareVersions(a: string, b: string): number {
  return isVersion(a) && isVersion(b) ? semver.compare(a, b) : 0;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

async function publishedVersions(releasesDir: string, name: ReleaseName): Promise<string[]> {
  let entries: string[];
  try {
    entries = await fs.readdir(path.join(releasesDir, 'mf', name));
  } catch {
    return [];
  }
  const versions = entries.filter(isVersion);
  const complete = await Promise.all(
    versions.map((v) => exists(path.join(releasesDir, 'mf', name, v, entryFile(name)))),
  );
  return versions.filter((_, i) => complete[i]);
}

async function channelVersion(
  releasesDir: string,
  name: ReleaseName,
  channel: string,
): Promise<string | undefined> {
  try {
    const channels: unknown = JSON.parse(
      await fs.readFile(path.join(releasesDir, 'channels.json'), 'utf8'),
    );
    const version = (channels as Record<string, Record<string, unknown> | undefined>)[name]?.[
      channel
    ];
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

export type Release = { kind: 'version'; version: string } | { kind: 'url'; url: string };

export interface CanaryPointer {
  use: string;
  percent: number;
}

/**
 * The canary a part runs beside its pointer: the corporation's own, else the one of the channel
 * it is pinned to (RELEASES_DIR/canaries.json, channel -> {use, percent}), with where it is set.
 */
export async function canaryOf(
  releasesDir: string,
  name: ReleaseName,
  pointer: { use: string; canary?: CanaryPointer } | undefined,
): Promise<{ canary: CanaryPointer; channel?: string } | undefined> {
  if (pointer?.canary) return { canary: pointer.canary };
  if (!pointer || isVersion(pointer.use) || pointer.use.includes('/')) return undefined;
  try {
    const canaries: unknown = JSON.parse(
      await fs.readFile(path.join(releasesDir, 'canaries.json'), 'utf8'),
    );
    const canary = (canaries as Record<string, Record<string, CanaryPointer> | undefined>)[name]?.[
      pointer.use
    ];
    return canary && typeof canary.use === 'string' && typeof canary.percent === 'number'
      ? { canary, channel: pointer.use }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which release of `name` a corporation gets: its pointer is a version, a channel of
 * channels.json, or a URL / absolute path used as is; without one, nothing. A version that is not
 * published (no entry file) resolves to nothing.
 */
export async function resolveRelease(
  releasesDir: string,
  name: ReleaseName,
  pointer: string | undefined,
): Promise<Release | undefined> {
  if (!pointer) return undefined;
  if (pointer.startsWith('/') || /^[a-z][a-z0-9+.-]*:\/\//i.test(pointer))
    return { kind: 'url', url: pointer };
  const published = await publishedVersions(releasesDir, name);
  if (pointer === NEWEST) {
    const highest = published.sort(compareVersions).at(-1);
    return highest ? { kind: 'version', version: highest } : undefined;
  }
  const version = isVersion(pointer) ? pointer : await channelVersion(releasesDir, name, pointer);
  return version && published.includes(version) ? { kind: 'version', version } : undefined;
}

/** What publishing recorded of a release (scripts/publish.ts writes release.json). */
export interface ReleaseRecord {
  version?: string;
  commit?: string;
  built_at?: string;
  /** Package -> version the release was built against: @taxi/shared and each singleton. */
  shared?: Record<string, string>;
}

export async function readReleaseRecord(
  releasesDir: string,
  name: ReleaseName,
  version: string,
): Promise<ReleaseRecord> {
  try {
    const record = await releaseJson(path.join(releasesDir, 'mf', name, version, 'release.json'));
    return typeof record === 'object' && record !== null ? (record as ReleaseRecord) : {};
  } catch {
    return {};
  }
}

/** A remote as the host's registry describes it: where its manifest is and what it was built against. */
export interface RemoteEntry {
  url: string;
  version?: string;
  shared?: Record<string, string>;
}

export async function remoteEntry(
  releasesDir: string,
  name: ReleaseName,
  pointer: string | undefined,
): Promise<RemoteEntry | undefined> {
  const release = await resolveRelease(releasesDir, name, pointer);
  if (!release) return undefined;
  if (release.kind === 'url') return { url: release.url };
  const { shared } = await readReleaseRecord(releasesDir, name, release.version);
  return {
    url: `/mf/${name}/${release.version}/mf-manifest.json`,
    version: release.version,
    ...(shared ? { shared } : {}),
  };
}
