// Publishes built parts as release folders: releases/mf/<name>/<version>/ plus release.json.
// Usage: node scripts/publish.ts [--replace] <name|all>...   (names: host ordering tracking account legal)
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
import { sharedContract } from '../tooling/singletons.js';

export const PARTS: Record<string, string> = {
  host: 'host',
  ordering: 'remote-ordering',
  tracking: 'remote-tracking',
  account: 'remote-account',
  legal: 'remote-legal',
};

const root = path.resolve(import.meta.dirname, '..');

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

export function publish(name: string, releasesDir: string, replace: boolean): string {
  const folder = PARTS[name];
  if (!folder) throw new Error(`unknown part ${name}; one of ${Object.keys(PARTS).join(', ')}`);
  const packageDir = path.join(root, folder);
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
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

if (import.meta.main) {
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const names = args.filter((arg) => !arg.startsWith('--'));
  const releasesDir = path.resolve(process.env.RELEASES_DIR ?? path.join(root, 'releases'));
  const wanted = names.includes('all') || names.length === 0 ? Object.keys(PARTS) : names;
  try {
    for (const name of wanted) console.log(publish(name, releasesDir, replace));
  } catch (error) {
    console.error(`publish: ${(error as Error).message}`);
    process.exit(1);
  }
}
