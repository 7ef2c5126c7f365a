import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { isValidNip } from '@taxi/contract/business';
import {
  type CorporationFile,
  CorporationFileSchema,
  type FileSettings,
  type ReleasePointerFile,
  schemaProblem,
  SettingsQuerySchema,
} from '@taxi/contract/schemas';
import { compileCheck } from '../base/check.ts';
import type { UnpinnedReleases } from '../base/config.ts';
import { type InvoicingSettings, readInvoicing } from './invoicing.ts';
import { NEWEST, RELEASE_NAMES } from './parts.ts';
import { isTimeZone } from '../base/time.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

/** The languages the server answers a corporation's passengers in (texts, features, mail). */
export type Lang = 'pl' | 'en';

/**
 * One taxi corporation: a JSON file in CORP_DIR, checked whole against its schema
 * (@taxi/contract/schemas, CorporationFileSchema) when it is loaded.
 */
export interface Corporation {
  id: string;
  hostnames: string[];
  /** Sent to the browser as settings.json (spec section 3, "Settings"). */
  settings: FileSettings;
  /** Part name -> the release it runs, and the one to fall back to when that is incompatible. */
  releases: Record<string, ReleasePointer>;
  /** IANA zone of the corporation's local times (scheduled orders, night tariff). */
  timeZone: string;
  /** The file's server-side sections, each read by the concern that owns it. */
  sections: ServerSections;
  /** The seller of its invoices; undefined when the file has no `invoicing`: no invoices. */
  invoicing: InvoicingSettings | undefined;
}

/** The sections of a corporation file that stay on the server. */
export type ServerSections = Omit<
  CorporationFile,
  'id' | 'hostnames' | 'timezone' | 'settings' | 'releases' | 'invoicing'
>;

/**
 * A version, a channel name or a URL; `fallback` likewise, for a release the host cannot run;
 * `canary`, the release a share of the passengers (percent, 0–100) gets instead of `use`.
 */
export type ReleasePointer = Exclude<ReleasePointerFile, string>;

const DEFAULT_TIME_ZONE = 'Europe/Warsaw';

const isCorporationFile = TypeCompiler.Compile(CorporationFileSchema);

/** What the schema cannot say, checked after it: a field, what it takes, and whether it does. */
function afterSchema(file: CorporationFile): [string, string, boolean][] {
  return [
    [
      '/timezone',
      'an IANA time zone such as Europe/Warsaw',
      isTimeZone(file.timezone ?? DEFAULT_TIME_ZONE),
    ],
    [
      '/invoicing/seller_nip',
      'a valid 10-digit NIP',
      !file.invoicing || isValidNip(file.invoicing.seller_nip),
    ],
  ];
}

export interface CorporationLookup {
  byHostname(hostname: string): Corporation | undefined;
  byId(id: string): Corporation | undefined;
  /** Every corporation served now. */
  all(): Corporation[];
  /** The corporation an API call is for: query `hostname`, else the Host header. */
  forRequest(request: FastifyRequest): Corporation | undefined;
  /** The corporation of the Host header alone: it serves pages, their worker and registry. */
  forHost(request: FastifyRequest): Corporation | undefined;
  /**
   * The Host header's corporation when the query's `hostname` (settings.json, spec section 7)
   * names one of its hosts or is absent; otherwise none.
   */
  forOwnHost(request: FastifyRequest): Corporation | undefined;
}

export const CORPORATION_ID = new RegExp(CorporationFileSchema.properties.id.pattern!);

/** The two levels of a pino logger the directory writes to. */
export interface DirectoryLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface LoadedFile {
  mtimeMs: number;
  size: number;
  corporation: Corporation | undefined;
}

/**
 * A corporation file's text, checked whole: an error names the file (when given), the field and
 * what it takes, as in `corporations/demo.json: /settings/color: expected a string`.
 */
export function parseCorporation(text: string, file?: string): Corporation {
  const refused = (message: string) => new Error(file ? `${file}: ${message}` : message);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw refused(`not JSON: ${(error as Error).message}`);
  }
  if (!isCorporationFile.Check(value)) {
    const problem = schemaProblem(CorporationFileSchema, value);
    throw refused(`${problem?.path || '/'}: ${problem?.message ?? 'not a corporation file'}`);
  }
  for (const [field, takes, valid] of afterSchema(value))
    if (!valid) throw refused(`${field}: expected ${takes}`);
  const { id, hostnames, settings, releases = {}, timezone, invoicing, ...sections } = value;
  return {
    id,
    hostnames: hostnames.map((h) => h.toLowerCase()),
    settings,
    releases: Object.fromEntries(
      Object.entries(releases).map(([name, pointer]) => [
        name,
        typeof pointer === 'string' ? { use: pointer } : pointer,
      ]),
    ),
    timeZone: timezone ?? DEFAULT_TIME_ZONE,
    sections,
    invoicing: invoicing && readInvoicing(invoicing),
  };
}

/** Every part the corporation does not pin runs the newest published version. */
function withNewest(corporation: Corporation): Corporation {
  const unpinned = RELEASE_NAMES.filter((name) => !corporation.releases[name]);
  const releases = Object.fromEntries(unpinned.map((name) => [name, { use: NEWEST }]));
  return { ...corporation, releases: { ...releases, ...corporation.releases } };
}

const checkSettingsQuery = compileCheck(SettingsQuerySchema);

/** The hostname a settings.json query names (spec section 7), if any. */
function askedHostname(request: FastifyRequest): string | undefined {
  return checkSettingsQuery(request.query).hostname || undefined;
}

/** Host header or hostname parameter, lower case, without the port. */
export function bareHostname(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.indexOf(':');
  return colon === -1 || value.indexOf(':', colon + 1) !== -1 ? value : value.slice(0, colon);
}

/**
 * Reads every *.json of the folder and re-reads a file when its mtime or size changes, so an
 * operator's edit takes effect without a restart. A broken file keeps its last good version.
 */
export function openCorporationDirectory(
  dir: string,
  log: DirectoryLog,
  refreshMs: number,
  unpinned: UnpinnedReleases = 'none',
): CorporationLookup {
  const files = new Map<string, LoadedFile>();
  let byHost = new Map<string, Corporation>();
  let byId = new Map<string, Corporation>();
  let checkedAt = -Infinity;

  function scan(): void {
    let names: string[];
    try {
      names = fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort();
    } catch (error) {
      log.error({ err: error, dir }, 'corporations: cannot read folder');
      names = [];
    }
    let changed = names.length !== files.size;
    for (const name of [...files.keys()]) if (!names.includes(name)) files.delete(name);
    for (const name of names) {
      const file = path.join(dir, name);
      let stat: fs.Stats;
      try {
        stat = fs.statSync(file);
      } catch {
        continue;
      }
      const known = files.get(name);
      if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) continue;
      changed = true;
      try {
        files.set(name, {
          mtimeMs: stat.mtimeMs,
          size: stat.size,
          corporation: parseCorporation(fs.readFileSync(file, 'utf8'), file),
        });
        log.info({ file: name }, 'corporations: loaded');
      } catch (error) {
        log.error(
          { file: name, reason: (error as Error).message },
          'corporations: file rejected, keeping the last good version',
        );
        files.set(name, {
          mtimeMs: stat.mtimeMs,
          size: stat.size,
          corporation: known?.corporation,
        });
      }
    }
    if (!changed) return;
    const hosts = new Map<string, Corporation>();
    const ids = new Map<string, Corporation>();
    for (const [name, loaded] of files) {
      if (!loaded.corporation) continue;
      const corporation =
        unpinned === 'newest' ? withNewest(loaded.corporation) : loaded.corporation;
      if (ids.has(corporation.id)) {
        log.error({ file: name, id: corporation.id }, 'corporations: duplicate id, file ignored');
        continue;
      }
      ids.set(corporation.id, corporation);
      for (const host of corporation.hostnames) {
        if (hosts.has(host))
          log.error({ file: name, host }, 'corporations: hostname already taken, ignored');
        else hosts.set(host, corporation);
      }
    }
    byHost = hosts;
    byId = ids;
  }

  function fresh(): void {
    const now = performance.now();
    if (now - checkedAt < refreshMs) return;
    checkedAt = now;
    scan();
  }

  return {
    byHostname(hostname) {
      fresh();
      return byHost.get(bareHostname(hostname));
    },
    byId(id) {
      fresh();
      return byId.get(id);
    },
    all() {
      fresh();
      return [...byId.values()];
    },
    forRequest(request) {
      const asked = askedHostname(request);
      return this.byHostname(asked ?? request.host ?? '');
    },
    forHost(request) {
      return this.byHostname(request.host ?? '');
    },
    forOwnHost(request) {
      const corporation = this.forHost(request);
      const asked = askedHostname(request);
      return asked === undefined || this.byHostname(asked) === corporation
        ? corporation
        : undefined;
    },
  };
}

declare module '../base/services.ts' {
  interface Services {
    corporations: CorporationLookup;
  }
}
