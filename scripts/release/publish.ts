// Publishing: a built part becomes the immutable release folder RELEASES_DIR/mf/<part>/<version>/
// with its release record (release.json) and compressed copies of its text files.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sharedContract } from '@taxi/tooling/singletons';
import {
  CONTENT_HASH_VERSION,
  contentHash,
  precompress,
  symbolicLinks,
} from '@taxi/server/releases/files';

export const PARTS: Record<string, string> = {
  host: 'host',
  ordering: 'remote-ordering',
  tracking: 'remote-tracking',
  account: 'remote-account',
  legal: 'remote-legal',
};

export const root = path.resolve(import.meta.dirname, '../..');

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export function packageDirOf(part: string): string {
  const folder = PARTS[part];
  if (!folder) throw new Error(`unknown part ${part}; one of ${Object.keys(PARTS).join(', ')}`);
  return path.join(root, folder);
}

/** The version a part is built and published under: RELEASE_VERSION, else its package.json's. */
export function versionOf(part: string): string {
  const file = path.join(packageDirOf(part), 'package.json');
  return (
    process.env.RELEASE_VERSION ||
    (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
  );
}

/** A part's build of the version it is built under: its folder and the record it publishes with. */
export function builtRelease(name: string) {
  const packageDir = packageDirOf(name);
  const version = versionOf(name);
  const dir = path.join(packageDir, 'dist', version);
  if (!existsSync(path.join(dir, 'mf-manifest.json')))
    throw new Error(`${name} ${version} is not built (${dir})`);
  const links = symbolicLinks(dir);
  if (links.length > 0)
    throw new Error(
      `${name} ${version}: the build holds a symbolic link (${links.join(', ')}), which the server would follow: copy the file in instead`,
    );
  const record = {
    name,
    version,
    commit: gitCommit(),
    built_at: new Date().toISOString(),
    content_sha256: contentHash(dir),
    content_hash_version: CONTENT_HASH_VERSION,
    shared: sharedContract(packageDir),
  };
  return { version, dir, record };
}

/** Copies the build of `name` into its release folder; a published version never changes. */
export async function publish(name: string, releasesDir: string, replace = false): Promise<string> {
  const { version, dir: built, record } = builtRelease(name);
  const target = path.join(releasesDir, 'mf', name, version);
  if (existsSync(target)) {
    if (contentHash(target) === record.content_sha256) return `${name} ${version}: unchanged`;
    if (!replace)
      throw new Error(
        `${name} ${version} is already published with other content: bump the version`,
      );
    rmSync(target, { recursive: true });
  }
  cpSync(built, target, { recursive: true });
  await precompress(target);
  writeFileSync(path.join(target, 'release.json'), JSON.stringify(record, null, 2) + '\n');
  return `${name} ${version}: published to ${path.relative(root, target)}`;
}
