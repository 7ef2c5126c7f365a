// The pointers that decide which release runs where: channels (RELEASES_DIR/channels.json, their
// canaries in canaries.json) and each corporation's pins (the `releases` section of its file in
// CORP_DIR). Every change is
// appended to RELEASES_DIR/history.jsonl, which is what a rollback undoes. Used by the release
// command and by the server (its automatic rollback and the release API).
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import path from 'node:path';
import { entryFile, NEWEST, RELEASE_NAMES, type ReleaseName } from './resolve.ts';

export interface Canary {
  use: string;
  percent: number;
}

export type Pointer = string | { use: string; fallback?: string; canary?: Canary };

/** `channel:<name>` or `corporation:<id>`. */
export type Target = `channel:${string}` | `corporation:${string}`;

export interface Change {
  id: number;
  at: string;
  /** A pointer, or `published` for an upload through the release API (never rolled back). */
  target: Target | 'published';
  part: string;
  from: Pointer | null;
  to: Pointer | null;
  /** The change this one rolled back. */
  undoes?: number;
  /** Who made it: an operator at the server (`operator`), a team's token, or `auto_rollback`. */
  by?: string;
  /** Why, when the server made it (the automatic rollback's figures). */
  reason?: string;
  /** The corporation whose `auto_rollback` rule made it. */
  rule?: string;
}

export interface Places {
  releasesDir: string;
  corpDir: string;
}

/** NEWEST is what UNPINNED_RELEASES gives an unpinned part, never a pointer of a file. */
function assertWritable(...pointers: (string | undefined)[]): void {
  if (pointers.includes(NEWEST)) throw new Error(`${NEWEST} is not a version, channel or URL`);
}

/** Throws unless `part` is the host or a remote, naming the parts there are. */
export function assertPart(part: string): asserts part is ReleaseName {
  if (!(RELEASE_NAMES as readonly string[]).includes(part))
    throw new Error(`unknown part ${part}; one of ${RELEASE_NAMES.join(', ')}`);
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

function isPublished(places: Places, part: ReleaseName, version: string): boolean {
  return existsSync(path.join(places.releasesDir, 'mf', part, version, entryFile(part)));
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

type Canaries = Record<string, Record<string, Canary>>;

function updateJson<T extends object>(file: string, update: (value: T) => T): void {
  writeJson(file, update(readJson<T>(file, {} as T)));
}

export function currentPointer(places: Places, target: Target, part: string): Pointer | null {
  const [kind, name] = target.split(/:(.*)/s) as [string, string];
  if (kind === 'channel') {
    const version =
      readJson<Channels>(path.join(places.releasesDir, 'channels.json'), {})[part]?.[name] ?? null;
    const canary = readJson<Canaries>(path.join(places.releasesDir, 'canaries.json'), {})[part]?.[
      name
    ];
    return version !== null && canary ? { use: version, canary } : version;
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
    if (typeof pointer === 'object' && pointer !== null && pointer.fallback)
      throw new Error('a channel points at a version, with a canary or not');
    const version = typeof pointer === 'object' && pointer !== null ? pointer.use : pointer;
    const canary = typeof pointer === 'object' && pointer !== null ? pointer.canary : undefined;
    const without = <T,>(map: Record<string, T> | undefined, value: T | null | undefined) => {
      const next = { ...map };
      if (value === null || value === undefined) delete next[name];
      else next[name] = value;
      return next;
    };
    updateJson<Channels>(path.join(places.releasesDir, 'channels.json'), (channels) => ({
      ...channels,
      [part]: without(channels[part], version),
    }));
    updateJson<Canaries>(path.join(places.releasesDir, 'canaries.json'), (canaries) => ({
      ...canaries,
      [part]: without(canaries[part], canary),
    }));
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
  extra: Pick<Change, 'undoes' | 'by' | 'reason' | 'rule'> = {},
): Change {
  const from = currentPointer(places, target, part);
  setPointer(places, target, part, to);
  return record(places, { target, part, from, to, ...extra });
}

/** Writes an upload of the release API to the history: which team published what. */
export function recordPublished(places: Places, part: string, version: string, by: string): Change {
  return record(places, { target: 'published', part, from: null, to: version, by });
}

/**
 * Points a channel at a published version; with `canary`, gives it to that share of the passengers
 * of the channel only, beside its current version (a plain promote then moves everybody).
 */
export function promote(
  places: Places,
  part: string,
  version: string,
  channel: string,
  by?: string,
  canary?: number,
): Change {
  assertPart(part);
  assertCanary(part, canary);
  assertWritable(channel);
  if (!isPublished(places, part, version)) throw new Error(`${part} ${version} is not published`);
  const target: Target = `channel:${channel}`;
  if (canary === undefined) return change(places, target, part, version, by ? { by } : {});
  return change(places, target, part, canaryBeside(places, target, part, version, canary), by ? { by } : {});
}

function assertCanary(part: ReleaseName, percent: number | undefined): void {
  if (percent === undefined) return;
  if (part === 'host')
    throw new Error('the host has no canary: the page is chosen before it can send its device id');
  if (!Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new Error('--canary: a percentage from 0 to 100');
}

/** The pointer that runs `use` for `percent` of the passengers beside the target's current one. */
function canaryBeside(
  places: Places,
  target: Target,
  part: ReleaseName,
  use: string,
  percent: number,
): Pointer {
  const current = currentPointer(places, target, part);
  const stable = usedOf(current);
  if (!stable) throw new Error(`${target} has no ${part} release to run a canary beside`);
  const kept = typeof current === 'object' && current?.fallback ? { fallback: current.fallback } : {};
  return { use: stable, ...kept, canary: { use, percent } };
}

export interface PinOptions {
  fallback?: string;
  /** Give `use` to this share of the passengers only (0–100); the rest keep the current release. */
  canary?: number;
  by?: string;
}

function usedOf(pointer: Pointer | null): string | undefined {
  return typeof pointer === 'string' ? pointer : (pointer?.use ?? undefined);
}

/**
 * Pins a corporation's part to a version, a channel or a URL, with an optional fallback. With
 * `canary`, the pin only starts a canary of `use` beside the release the part runs now; a plain
 * pin of the canary's release is the promotion to everybody.
 */
export function pin(
  places: Places,
  corporation: string,
  part: string,
  use: string,
  { fallback, canary, by }: PinOptions = {},
): Change {
  assertPart(part);
  assertCanary(part, canary);
  assertWritable(use, fallback);
  for (const pointer of [use, fallback]) {
    if (pointer && /^\d+\.\d+\.\d+/.test(pointer) && !isPublished(places, part, pointer)) {
      throw new Error(`${part} ${pointer} is not published`);
    }
  }
  const target: Target = `corporation:${corporation}`;
  if (canary === undefined)
    return change(places, target, part, fallback ? { use, fallback } : use, by ? { by } : {});
  return change(places, target, part, canaryBeside(places, target, part, use, canary), by ? { by } : {});
}

/**
 * Stops a canary (its share drops to 0, the rest stays as it is), or null when there is no canary
 * running: several server processes may decide so at the same time.
 */
export function haltCanary(
  places: Places,
  target: Target,
  part: string,
  extra: Pick<Change, 'by' | 'reason' | 'rule'>,
): Change | null {
  const current = currentPointer(places, target, part);
  if (typeof current !== 'object' || !current?.canary || current.canary.percent === 0) return null;
  return change(
    places,
    target,
    part,
    { ...current, canary: { ...current.canary, percent: 0 } },
    extra,
  );
}

/** Undoes the newest change of that target and part that is not undone yet. */
export function rollback(places: Places, target: Target, part: string, by?: string): Change {
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
  return change(places, target, part, last.from, { undoes: last.id, ...(by ? { by } : {}) });
}
