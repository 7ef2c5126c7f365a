// Where published releases are kept. The local folder (RELEASES_DIR/mf/<part>/<version>/) is the
// default; an object store can take its place behind the same interface (docs/releasing.md, "Release storage").
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentHash, precompress } from './files.ts';
import type { ReleaseName } from './resolve.ts';

export interface ReleaseStore {
  /** The content hash of a published release, or null when that version is not published. */
  published(part: ReleaseName, version: string): Promise<string | null>;
  /**
   * Publishes a release whole or not at all: its build files, their compressed copies and the
   * record (release.json) last. Never overwrites a published version.
   */
  put(part: ReleaseName, version: string, files: Map<string, Buffer>, record: object): Promise<void>;
  /** Bytes the releases a team uploaded take (record `uploaded_by: team:<team>`), copies included. */
  bytesOf(team: string): Promise<number>;
}

/** Bytes of the files in a folder and its subfolders. */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const file of await readdir(dir, { recursive: true })) {
    const info = await stat(path.join(dir, file));
    if (info.isFile()) total += info.size;
  }
  return total;
}

export function folderStore(releasesDir: string): ReleaseStore {
  const folder = (part: string, version: string) => path.join(releasesDir, 'mf', part, version);
  return {
    async published(part, version) {
      const dir = folder(part, version);
      return existsSync(path.join(dir, 'release.json')) ? contentHash(dir) : null;
    },
    async put(part, version, files, record) {
      const target = folder(part, version);
      // Written beside the target under a name no pointer resolves, then renamed into place.
      const staging = path.join(releasesDir, 'mf', part, `.upload-${randomBytes(6).toString('hex')}`);
      try {
        for (const [name, bytes] of files) {
          await mkdir(path.dirname(path.join(staging, name)), { recursive: true });
          await writeFile(path.join(staging, name), bytes);
        }
        await precompress(staging);
        await writeFile(path.join(staging, 'release.json'), JSON.stringify(record, null, 2) + '\n');
        if (existsSync(target)) throw new Error(`${part} ${version} is already published`);
        renameSync(staging, target);
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },
    async bytesOf(team) {
      const mf = path.join(releasesDir, 'mf');
      const list = (dir: string) => readdir(dir).catch(() => [] as string[]);
      let total = 0;
      for (const part of await list(mf))
        for (const version of await list(path.join(mf, part))) {
          const record = await readFile(path.join(folder(part, version), 'release.json'), 'utf8')
            .then((text) => JSON.parse(text) as { uploaded_by?: unknown })
            .catch(() => undefined);
          if (record?.uploaded_by === `team:${team}`) total += await folderBytes(folder(part, version));
        }
      return total;
    },
  };
}
