// The pointers that decide which release runs where: channels (RELEASES_DIR/channels.json) and
// each corporation's pins (the `releases` section of its file in CORP_DIR). Every change is
// appended to RELEASES_DIR/history.jsonl, which is what a rollback undoes.
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import path from 'node:path';
import { PARTS } from './publish.ts';

export type Pointer = string | { use: string; fallback?: string };

/** `channel:<name>` or `corporation:<id>`. */
export type Target = `channel:${string}` | `corporation:${string}`;

export interface Change {
  id: number;
  at: string;
  target: Target;
  part: string;
  from: Pointer | null;
  to: Pointer | null;
  /** The change this one rolled back. */
  undoes?: number;
}

export interface Places {
  releasesDir: string;
  corpDir: string;
}

function assertPart(part: string): void {
  if (!PARTS[part])
    throw new Error(`unknown part ${part}; one of ${Object.keys(PARTS).join(', ')}`);
}

/** Writes through a temporary file, so the server never reads half a file. */
function writeJson(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(value, null, 2) + '\n');
  renameSync(temporary, file);
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
}

function isPublished(places: Places, part: string, version: string): boolean {
  const entry = part === 'host' ? 'index.html' : 'mf-manifest.json';
  return existsSync(path.join(places.releasesDir, 'mf', part, version, entry));
}

type Channels = Record<string, Record<string, string>>;

function corporationFile(places: Places, id: string): string {
  for (const name of readdirSync(places.corpDir).filter((file) => file.endsWith('.json'))) {
    const file = path.join(places.corpDir, name);
    if ((JSON.parse(readFileSync(file, 'utf8')) as { id?: string }).id === id) return file;
  }
  throw new Error(`no corporation ${id} in ${places.corpDir}`);
}

export function readHistory(places: Places): Change[] {
  const file = path.join(places.releasesDir, 'history.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Change);
}

function record(places: Places, change: Omit<Change, 'id' | 'at'>): Change {
  const full: Change = {
    id: readHistory(places).length + 1,
    at: new Date().toISOString(),
    ...change,
  };
  appendFileSync(path.join(places.releasesDir, 'history.jsonl'), JSON.stringify(full) + '\n');
  return full;
}

function currentPointer(places: Places, target: Target, part: string): Pointer | null {
  const [kind, name] = target.split(/:(.*)/s) as [string, string];
  if (kind === 'channel') {
    return (
      readJson<Channels>(path.join(places.releasesDir, 'channels.json'), {})[part]?.[name] ?? null
    );
  }
  const file = corporationFile(places, name);
  const releases = (
    JSON.parse(readFileSync(file, 'utf8')) as { releases?: Record<string, Pointer> }
  ).releases;
  return releases?.[part] ?? null;
}

function setPointer(places: Places, target: Target, part: string, pointer: Pointer | null): void {
  const [kind, name] = target.split(/:(.*)/s) as [string, string];
  if (kind === 'channel') {
    if (typeof pointer === 'object' && pointer !== null)
      throw new Error('a channel points at a version');
    const file = path.join(places.releasesDir, 'channels.json');
    const channels = readJson<Channels>(file, {});
    const forPart = { ...channels[part] };
    if (pointer === null) delete forPart[name];
    else forPart[name] = pointer;
    writeJson(file, { ...channels, [part]: forPart });
    return;
  }
  const file = corporationFile(places, name);
  const corporation = JSON.parse(readFileSync(file, 'utf8')) as {
    releases?: Record<string, Pointer>;
  };
  const releases = { ...corporation.releases };
  if (pointer === null) delete releases[part];
  else releases[part] = pointer;
  writeJson(file, { ...corporation, releases });
}

function change(
  places: Places,
  target: Target,
  part: string,
  to: Pointer | null,
  undoes?: number,
): Change {
  const from = currentPointer(places, target, part);
  setPointer(places, target, part, to);
  return record(places, { target, part, from, to, ...(undoes ? { undoes } : {}) });
}

/** Points a channel at a published version. */
export function promote(places: Places, part: string, version: string, channel: string): Change {
  assertPart(part);
  if (!isPublished(places, part, version)) throw new Error(`${part} ${version} is not published`);
  return change(places, `channel:${channel}`, part, version);
}

/** Pins a corporation's part to a version, a channel or a URL, with an optional fallback. */
export function pin(
  places: Places,
  corporation: string,
  part: string,
  use: string,
  fallback?: string,
): Change {
  assertPart(part);
  for (const pointer of [use, fallback]) {
    if (pointer && /^\d+\.\d+\.\d+/.test(pointer) && !isPublished(places, part, pointer)) {
      throw new Error(`${part} ${pointer} is not published`);
    }
  }
  return change(places, `corporation:${corporation}`, part, fallback ? { use, fallback } : use);
}

/** Undoes the newest change of that target and part that is not undone yet. */
export function rollback(places: Places, target: Target, part: string): Change {
  assertPart(part);
  const history = readHistory(places);
  const undone = new Set(history.flatMap((entry) => (entry.undoes ? [entry.undoes] : [])));
  const last = history
    .filter(
      (entry) =>
        entry.target === target && entry.part === part && !entry.undoes && !undone.has(entry.id),
    )
    .at(-1);
  if (!last) throw new Error(`nothing to roll back for ${part} of ${target}`);
  return change(places, target, part, last.from, last.id);
}
