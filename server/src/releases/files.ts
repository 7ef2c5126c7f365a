// The files of a release folder: what its content hash covers and the compressed copies served
// beside each text file. Shared by the release command's publish and the release API's upload.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSED = /\.(gz|br)$/;
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/** The build's own files: not the record, not the compressed copies publishing adds. */
export function isBuildFile(file: string): boolean {
  return file !== 'release.json' && !COMPRESSED.test(file);
}

export function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .filter(isBuildFile)
    .sort();
}

/** The symbolic links in a folder, which static serving would follow out of it. */
export function symbolicLinks(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => lstatSync(path.join(dir, file)).isSymbolicLink())
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * What a record's `content_sha256` is when it says `content_hash_version: 2`: each name and its
 * bytes preceded by their byte length. Records without the field hold an older hash of names and
 * bytes run together, which nothing checks again (a published version is compared by the hash
 * of its folder, made anew).
 */
export const CONTENT_HASH_VERSION = 2;

/** A length as 8 bytes, big-endian. */
const lengthOf = (bytes: Uint8Array) => {
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(bytes.length));
  return length;
};

/** One hash over a build's files in name order: no two sets of files share it. */
export function hashFiles(files: Iterable<[string, Buffer]>): string {
  const hash = createHash('sha256');
  for (const [name, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const nameBytes = Buffer.from(name, 'utf8');
    hash.update(lengthOf(nameBytes)).update(nameBytes).update(lengthOf(bytes)).update(bytes);
  }
  return hash.digest('hex');
}

export function contentHash(dir: string): string {
  return hashFiles(filesOf(dir).map((file) => [file, readFileSync(path.join(dir, file))]));
}

/**
 * Gzip and Brotli copies beside each text file, served as they are to phones on slow networks.
 * Brotli at quality 11 takes seconds of a core for a big upload: zlib's asynchronous calls run it
 * on libuv's thread pool, one file at a time, so the server keeps answering meanwhile.
 */
export async function precompress(dir: string): Promise<void> {
  for (const file of filesOf(dir).filter((name) => COMPRESSIBLE.test(name))) {
    const full = path.join(dir, file);
    const bytes = await readFile(full);
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(bytes, { level: 9 }),
      brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ]);
    await writeFile(`${full}.gz`, gzipped);
    await writeFile(`${full}.br`, brotli);
  }
}
