// The release command: ship one part of the app without touching the others.
//
//   node scripts/release.ts build <part> [--version V]        build one part and publish it
//   node scripts/release.ts publish [--replace] <part|all>... publish what is built
//   node scripts/release.ts promote <part> <version> <channel> [--canary <percent>]
//   node scripts/release.ts pin <corporation> <part> <version|channel|url> [--fallback <pointer>]
//                               [--canary <percent>]   that share of passengers only (0 halts)
//   node scripts/release.ts rollback <corporation | channel:NAME> <part>
//   node scripts/release.ts list                             which release every corporation runs
//   node scripts/release.ts health <corporation> [<part>] [--hours N]   views, errors, canary vs stable
//
// Parts: host, ordering, tracking, account, legal. RELEASES_DIR, CORP_DIR, DATA_DIR and
// DATABASE_URL as for the server.
//
// Remote mode, for a team without the server's shell: --server https://… --token … (or
// RELEASE_SERVER and RELEASE_TOKEN, which keep the token out of the process list) sends build,
// publish, promote, pin, rollback, list and health to the server's release API.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathsFromEnv, unpinnedReleases } from '@taxi/server/base/config';
import { openCorporationDirectory } from '@taxi/server/corporations/directory';
import { openStorage } from '@taxi/server/db/storage';
import { MIGRATIONS } from '@taxi/server/modules';
import { corporationHealth, HEALTH_HOURS } from '@taxi/server/releases/health';
import {
  pin,
  promote,
  readHistory,
  rollback,
  type Change,
  type Pointer,
  type Target,
} from '@taxi/server/releases/pointers';
import {
  canaryOf,
  NEWEST,
  readReleaseRecord,
  resolveRelease,
  type ReleaseName,
} from '@taxi/server/releases/resolve';
import { healthRows } from './release/health.ts';
import { call, publishRemote, releasePart, remoteServer, type Remote } from './release/remote.ts';
import { packageDirOf, PARTS, publish, root } from './release/publish.ts';

const places = {
  releasesDir: path.resolve(root, process.env.RELEASES_DIR ?? 'releases'),
  corpDir: path.resolve(root, process.env.CORP_DIR ?? 'server/corporations'),
};

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  args.splice(index, 2);
  return value;
}

/** `--canary 5` or `--canary 5%`. */
function percentOption(args: string[]): number | undefined {
  const value = option(args, '--canary');
  return value === undefined ? undefined : Number(value.replace(/%$/, ''));
}

function describe(change: Change): string {
  const show = (pointer: Pointer | null) =>
    pointer === null
      ? '(unpinned)'
      : typeof pointer === 'string'
        ? pointer
        : JSON.stringify(pointer);
  const verb = change.undoes ? `rolled back (undoes change ${change.undoes})` : 'changed';
  const by = change.by ? ` by ${change.by}` : '';
  const reason = change.reason ? ` (${change.reason})` : '';
  return `${change.target} ${change.part}: ${verb}${by} ${show(change.from)} -> ${show(change.to)}${reason}`;
}

/** Builds one part in its own package (nothing else is built) and publishes it here, or not. */
async function build(
  part: string,
  version: string | undefined,
  publishHere = true,
): Promise<string> {
  const env = { ...process.env, ...(version ? { RELEASE_VERSION: version } : {}) };
  execFileSync('pnpm', ['exec', 'webpack', '--mode', 'production'], {
    cwd: packageDirOf(part),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (version) process.env.RELEASE_VERSION = version;
  return publishHere ? publish(part, places.releasesDir) : '';
}

/** What a pointer runs: a version, a URL, or nothing. */
async function runs(part: ReleaseName, use: string | undefined): Promise<string[]> {
  const release = await resolveRelease(places.releasesDir, part, use);
  const record =
    release?.kind === 'version'
      ? await readReleaseRecord(places.releasesDir, part, release.version)
      : {};
  return [
    !release ? 'nothing published' : release.kind === 'url' ? release.url : release.version,
    record.commit?.slice(0, 10) ?? '',
    record.built_at ?? '',
  ];
}

/** The newest automatic rollback of each corporation's part, for `list`. */
function autoRollbacks(): Map<string, Change> {
  return new Map(
    readHistory(places)
      .filter((change) => change.by === 'auto_rollback')
      .map((change) => [`${change.target} ${change.part}`, change]),
  );
}

async function list(): Promise<string> {
  const halted = autoRollbacks();
  // What the server gives a part no corporation pins, under the same environment.
  const unpinned = unpinnedReleases(process.env) === 'newest' ? NEWEST : undefined;
  const rows = [['corporation', 'part', 'pointer', 'runs', 'share', 'commit', 'built']];
  for (const file of readdirSync(places.corpDir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const corporation = JSON.parse(readFileSync(path.join(places.corpDir, file), 'utf8')) as {
      id: string;
      releases?: Record<string, Pointer>;
    };
    for (const part of Object.keys(PARTS) as ReleaseName[]) {
      const pointer = corporation.releases?.[part];
      const use = (typeof pointer === 'object' ? pointer.use : pointer) ?? unpinned;
      const fallback =
        typeof pointer === 'object' && pointer.fallback ? ` (fallback ${pointer.fallback})` : '';
      const running = use
        ? await canaryOf(places.releasesDir, part, {
            ...(typeof pointer === 'object' ? pointer : {}),
            use,
          })
        : undefined;
      const canary = running?.canary;
      const [runsNow = '', commit = '', built = ''] = await runs(part, use);
      rows.push([
        corporation.id,
        part,
        (use ?? '(none)') + fallback,
        runsNow,
        canary ? `${100 - canary.percent} %` : '',
        commit,
        built,
      ]);
      if (!canary) continue;
      const [canaryRuns = '', canaryCommit = '', canaryBuilt = ''] = await runs(part, canary.use);
      const target = running?.channel
        ? `channel:${running.channel}`
        : `corporation:${corporation.id}`;
      const rolledBack = halted.get(`${target} ${part}`);
      rows.push([
        '',
        '',
        `canary ${canary.use}` + (running?.channel ? ` (channel ${running.channel})` : ''),
        canaryRuns,
        `${canary.percent} %` +
          (canary.percent === 0 && rolledBack
            ? ` (rolled back automatically ${rolledBack.at}` +
              (rolledBack.rule ? ` by the rule of ${rolledBack.rule})` : ')')
            : ''),
        canaryCommit,
        canaryBuilt,
      ]);
    }
  }
  return table(rows);
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function health(corporationId: string, part: string | undefined, hours: number) {
  if (part && !(part in PARTS)) throw new Error(`unknown part ${part}`);
  const quiet = { info() {}, error() {} };
  const corporation = openCorporationDirectory(
    places.corpDir,
    quiet,
    0,
    unpinnedReleases(process.env),
  ).byId(corporationId);
  if (!corporation) throw new Error(`no corporation ${corporationId} in ${places.corpDir}`);
  const storage = await openStorage({ ...pathsFromEnv(), migrations: MIGRATIONS });
  try {
    const report = await corporationHealth(storage.db, places.releasesDir, corporation, {
      ...(part ? { part: part as ReleaseName } : {}),
      since: Date.now() - hours * 60 * 60_000,
    });
    return table(healthRows(report));
  } finally {
    await storage.close();
  }
}

/** A command line, checked: what either mode runs. */
type Command =
  | { name: 'build'; part: string; version?: string }
  | { name: 'publish'; parts: string[]; version?: string; replace: boolean }
  | { name: 'promote'; part: string; version: string; channel: string; canary?: number }
  | {
      name: 'pin';
      corporation: string;
      part: string;
      use: string;
      fallback?: string;
      canary?: number;
    }
  | { name: 'rollback'; target: Target; part: string }
  | { name: 'list' }
  | { name: 'health'; corporation: string; part?: string; hours: number };

/** Parses a command and its options; undefined for an unknown command. */
function parse(command: string | undefined, rest: string[]): Command | undefined {
  switch (command) {
    case 'build': {
      const version = option(rest, '--version');
      const [part] = rest;
      if (!part) throw new Error('build <part> [--version V]');
      return { name: 'build', part, version };
    }
    case 'publish': {
      const version = option(rest, '--version');
      const replace = rest.includes('--replace');
      const names = rest.filter((arg) => !arg.startsWith('--'));
      const parts = names.length === 0 || names.includes('all') ? Object.keys(PARTS) : names;
      return { name: 'publish', parts, version, replace };
    }
    case 'promote': {
      const canary = percentOption(rest);
      const [part, version, channel] = rest;
      if (!part || !version || !channel)
        throw new Error('promote <part> <version> <channel> [--canary PERCENT]');
      return { name: 'promote', part, version, channel, canary };
    }
    case 'pin': {
      const fallback = option(rest, '--fallback');
      const canary = percentOption(rest);
      const [corporation, part, use] = rest;
      if (!corporation || !part || !use)
        throw new Error('pin <corporation> <part> <pointer> [--fallback P] [--canary PERCENT]');
      return { name: 'pin', corporation, part, use, fallback, canary };
    }
    case 'rollback': {
      const [who, part] = rest;
      if (!who || !part) throw new Error('rollback <corporation | channel:NAME> <part>');
      const target: Target = who.startsWith('channel:') ? (who as Target) : `corporation:${who}`;
      return { name: 'rollback', target, part };
    }
    case 'list':
      return { name: 'list' };
    case 'health': {
      const hours = Number(option(rest, '--hours') ?? HEALTH_HOURS);
      const [corporation, part] = rest;
      if (!corporation || !(hours > 0))
        throw new Error('health <corporation> [<part>] [--hours N]');
      return { name: 'health', corporation, part, hours };
    }
    default:
      return undefined;
  }
}

/** `--version` names the version a part is built and published under. */
function useVersion(version: string | undefined): void {
  if (version) process.env.RELEASE_VERSION = version;
}

/** Runs `work` for each part in turn (never two uploads at once): one result a line. */
async function eachPart(parts: string[], work: (part: string) => Promise<string>) {
  const results = [];
  for (const part of parts) results.push(await work(part));
  return results.join('\n');
}

/** Runs a command here, on the server's folders. */
async function runLocal(command: Command): Promise<string> {
  switch (command.name) {
    case 'build':
      return build(command.part, command.version);
    case 'publish':
      useVersion(command.version);
      return eachPart(command.parts, (part) => publish(part, places.releasesDir, command.replace));
    case 'promote':
      return describe(
        promote(places, command.part, command.version, command.channel, 'operator', command.canary),
      );
    case 'pin': {
      const { corporation, part, use, fallback, canary } = command;
      return describe(pin(places, corporation, part, use, { fallback, canary, by: 'operator' }));
    }
    case 'rollback':
      return describe(rollback(places, command.target, command.part, 'operator'));
    case 'list':
      return list();
    case 'health':
      return health(command.corporation, command.part, command.hours);
  }
}

/** Runs a command over the release API; JSON leaves out the options not given. */
async function runRemote(remote: Remote, command: Command): Promise<string> {
  switch (command.name) {
    case 'build':
      await build(command.part, command.version, false);
      return publishRemote(remote, command.part);
    case 'publish': {
      // The server never replaces a published release, so --replace has nothing to do here.
      useVersion(command.version);
      return eachPart(command.parts, (part) => publishRemote(remote, part));
    }
    case 'promote': {
      const { part, version, channel, canary } = command;
      const body = { part: releasePart(part), version, channel, canary };
      return describe((await call(remote, 'promote', body)).change!);
    }
    case 'pin': {
      const { corporation, part, use, fallback, canary } = command;
      const body = { corporation, part: releasePart(part), use, fallback, canary };
      return describe((await call(remote, 'pin', body)).change!);
    }
    case 'rollback': {
      const body = { target: command.target, part: releasePart(command.part) };
      return describe((await call(remote, 'rollback', body)).change!);
    }
    case 'list':
      return JSON.stringify((await call(remote, 'list')).corporations, null, 2);
    case 'health': {
      const { corporation, part, hours } = command;
      const query = { corporation, part: part ? releasePart(part) : undefined, hours };
      return table(healthRows((await call(remote, 'health', query)).health ?? []));
    }
  }
}

async function main(args: string[]): Promise<string> {
  const server = option(args, '--server') ?? process.env.RELEASE_SERVER;
  const token = option(args, '--token') ?? process.env.RELEASE_TOKEN;
  if (server && !token) throw new Error('--server needs --token (or RELEASE_TOKEN)');
  const [name, ...rest] = args;
  const command = parse(name, rest);
  if (!command)
    throw new Error(
      server
        ? 'remote commands: build, publish, promote, pin, rollback, list, health'
        : 'commands: build, publish, promote, pin, rollback, list, health (see the top of scripts/release.ts)',
    );
  return server && token
    ? runRemote({ server: remoteServer(server), token }, command)
    : runLocal(command);
}

if (import.meta.main) {
  try {
    console.log(await main(process.argv.slice(2)));
  } catch (error) {
    console.error(`release: ${(error as Error).message}`);
    process.exit(1);
  }
}
