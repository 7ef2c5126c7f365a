// Publishing: a built part becomes the immutable release folder RELEASES_DIR/mf/<part>/<version>/
// with its release record (release.json) and compressed copies of its text files.
import {
  cpSync,
  existsSync,
  readFileSync,
  rmSync,
  writeFileSync,
  readdirSync,
  statSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sharedContract } from '../../tooling/singletons.js';

export const PARTS: Record<string, string> = {
  host: 'host',
  ordering: 'remote-ordering',
  tracking: 'remote-tracking',
  account: 'remote-account',
  legal: 'remote-legal',
};

export const root = path.resolve(import.meta.dirname, '../..');

const COMPRESSED = /\.(gz|br)$/;
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/** The build's own files: not the record, not the compressed copies publishing adds. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .filter((file) => file !== 'release.json' && !COMPRESSED.test(file))
    .sort();
}

/** Gzip and Brotli copies beside each text file, served as they are to phones on slow networks. */
function precompress(dir: string): void {
  for (const file of filesOf(dir).filter((name) => COMPRESSIBLE.test(name))) {
    const full = path.join(dir, file);
    const bytes = readFileSync(full);
    writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(
      `${full}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/** One hash over a folder's files, so a republish of identical bytes is a no-op. */
function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(dir)) hash.update(file).update(readFileSync(path.join(dir, file)));
  return hash.digest('hex');
}

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

/** Copies the build of `name` into its release folder; a published version never changes. */
export function publish(name: string, releasesDir: string, replace = false): string {
  const packageDir = packageDirOf(name);
  const version = versionOf(name);
  const built = path.join(packageDir, 'dist', version);
  if (!existsSync(path.join(built, 'mf-manifest.json')))
    throw new Error(`${name} ${version} is not built (${built})`);
  const target = path.join(releasesDir, 'mf', name, version);
  const hash = contentHash(built);
  if (existsSync(target)) {
    if (contentHash(target) === hash) return `${name} ${version}: unchanged`;
    if (!replace)
      throw new Error(
        `${name} ${version} is already published with other content: bump the version`,
      );
    rmSync(target, { recursive: true });
  }
  cpSync(built, target, { recursive: true });
  precompress(target);
  const record = {
    name,
    version,
    commit: gitCommit(),
    built_at: new Date().toISOString(),
    content_sha256: hash,
    shared: sharedContract(packageDir),
  };
  writeFileSync(path.join(target, 'release.json'), JSON.stringify(record, null, 2) + '\n');
  return `${name} ${version}: published to ${path.relative(root, target)}`;
}
