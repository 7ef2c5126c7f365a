// The files of a published release that every page view and registry reads (index.html,
// routes.json, mf-manifest.json, release.json) and the small logo a page carries
// (skeleton.ts), kept in memory per file. A version's files do
// not change, except under `publish --replace` (another process): a stat per read, far cheaper
// than reading and parsing, tells whether the copy is still the file on disk.
import fs from 'node:fs/promises';
import { LRUCache } from 'lru-cache';

/** Enough for every part's few live versions; the oldest copy goes first beyond it. */
export const CACHED_FILES = 256;

interface Kept {
  /** inode, size and modification time: any publish changes at least one of them */
  stamp: string;
  content: Buffer;
  /** the parsed JSON, once asked for */
  json?: unknown;
}

const kept = new LRUCache<string, Kept>({ max: CACHED_FILES });

/** The kept copy of `file`, read again when it changed; undefined when it is over `maxBytes`. */
async function keptCopy(file: string, maxBytes = Infinity): Promise<Kept | undefined> {
  const stat = await fs.stat(file, { bigint: true });
  if (stat.size > maxBytes) return undefined;
  const stamp = `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
  const copy = kept.get(file);
  if (copy?.stamp === stamp) return copy;
  const fresh = { stamp, content: await fs.readFile(file) };
  kept.set(file, fresh);
  return fresh;
}

/** The bytes of a release file (rejects as fs.readFile would). */
export async function releaseFile(file: string): Promise<Buffer> {
  return (await keptCopy(file))!.content;
}

/** The bytes of a file of at most `maxBytes`, kept like a release file; undefined when larger. */
export async function smallFile(file: string, maxBytes: number): Promise<Buffer | undefined> {
  return (await keptCopy(file, maxBytes))?.content;
}

/** A release file's JSON, parsed once per version of the file (rejects on no file or bad JSON). */
export async function releaseJson(file: string): Promise<unknown> {
  const copy = (await keptCopy(file))!;
  copy.json ??= JSON.parse(copy.content.toString('utf8'));
  return copy.json;
}

/** How many files are kept (for tests). */
export function keptFiles(): number {
  return kept.size;
}
