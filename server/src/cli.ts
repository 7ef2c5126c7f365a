#!/usr/bin/env node
/**
 * The operator's tool, so that nobody edits the database or a corporation file by hand.
 * Reads CORP_DIR, DATA_DIR and DATABASE_URL like the server. `--help` lists the commands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setClientBlocked } from './accounts/clients.ts';
import { listDeletionRequests } from './accounts/deletion-requests.ts';
import { normalisePhone } from './accounts/phone.ts';
import { pathsFromEnv, redisFromEnv } from './base/config.ts';
import {
  CORPORATION_ID,
  type Corporation,
  openCorporationDirectory,
  parseCorporation,
} from './corporations/directory.ts';
import { openStorage, type Storage } from './db/storage.ts';
import { MIGRATIONS } from './modules.ts';
import { doctor } from './doctor/checks.ts';
import { backup, restore } from './backup/backup.ts';
import { randomBytes } from 'node:crypto';
import { closeTaxiSessions } from './dispatch/taxi-sessions.ts';
import { provisionTaxi } from './driver/accounts.ts';
import { setTaxiState } from './fleet/taxis.ts';
import { channels, type TaxiBlocked } from './dispatch/publishing.ts';
import { redisBus } from './events/bus.ts';
import { ORDER_STATES, type OrderState, TAXI_STATES } from '@taxi/contract';
import type { CorporationFile } from '@taxi/contract/schemas';
import { setOrderState } from './orders/store.ts';
import { formatLocal } from './base/time.ts';
import webpush from 'web-push';
import { createToken, listTokens, revokeTokens } from './releases/tokens.ts';
import type { ReleaseName } from './releases/resolve.ts';

const HELP = `taxi-operator <command>

  add-corporation <id> <hostname>... [--name NAME] [--city CITY]
      Writes CORP_DIR/<id>.json with default settings; edit it afterwards.
  block-client <corporation-id> <phone>      The client gets BLOCKED on every call.
  unblock-client <corporation-id> <phone>
  deletion-requests [<corporation-id>] [--json]
      Account-deletion requests, oldest first.
  order-state <corporation-id> <order-short-id> <U|T|Z|M|A>
      Moves an order to another state (e.g. Z once the ride is over).
  add-taxi <corporation-id> <call-number> [--color C] [--brand B] [--plate P] [--password PW]
      Adds a taxi (or changes its car and password); prints the driver app's password.
  taxi-state <corporation-id> <call-number> <W|Z|K|D|O|P|F|B>
      Sets a taxi's state; B blocks it (its driver cannot sign in), F ends its work.
  release-token add <team> --parts P1,P2 [--corporations C1,C2]
      Creates a team's release API token (printed once; only its hash is kept).
  release-token revoke <team>                Revokes every token of the team.
  release-token list                         Teams, their parts and corporations (no tokens).
  migrate                                    Brings the database schema up to date.
  backup <file>                              A consistent copy of the database while the server
      runs: SQLite's VACUUM INTO, or pg_dump in custom format with DATABASE_URL.
  restore <file>                             Into an empty DATA_DIR or database, then migrated.
  doctor                                     Checks this environment, the corporation files,
      the database and Redis as a production start reads them; exit status 1 when a finding
      is fatal.
  vapid-keys                                 Prints a new VAPID key pair for Web Push (set once
      per deployment: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, and VAPID_SUBJECT, your contact).
`;

class UsageError extends Error {}

const paths = { ...pathsFromEnv(), migrations: MIGRATIONS };
const quietLog = {
  info() {},
  error: (details: object, message: string) => console.error(message, details),
};

function corporation(id: string | undefined): Corporation {
  if (!id) throw new UsageError('corporation id missing');
  const found = openCorporationDirectory(paths.corpDir, quietLog, 0).byId(id);
  if (!found) throw new UsageError(`no corporation ${id} in ${paths.corpDir}`);
  return found;
}

async function withStorage<T>(work: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openStorage(paths);
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

function addCorporation(args: string[], name: string | undefined, city: string | undefined): void {
  const [id, ...hostnames] = args;
  if (!id || !CORPORATION_ID.test(id))
    throw new UsageError('id: lower-case letters, digits, - and _');
  if (hostnames.length === 0) throw new UsageError('at least one hostname');
  fs.mkdirSync(paths.corpDir, { recursive: true });
  const file = path.join(paths.corpDir, `${id}.json`);
  if (fs.existsSync(file)) throw new UsageError(`${file} exists already`);
  const directory = openCorporationDirectory(paths.corpDir, quietLog, 0);
  if (directory.byId(id)) throw new UsageError(`corporation ${id} exists already`);
  const taken = hostnames.filter((host) => directory.byHostname(host));
  if (taken.length > 0) throw new UsageError(`hostnames already served: ${taken.join(', ')}`);
  const content = {
    id,
    hostnames,
    timezone: 'Europe/Warsaw',
    releases: {},
    settings: {
      corp: name ?? id,
      city: city ?? '',
      currency: 'zł',
      corp_legal: false,
      call_us_data: [],
      corp_links: [],
    },
    taxi_feature_category_list: [],
    taxi_features: [],
    tariff: {
      start_fee: 9,
      per_km: { t1: 3, t2: 4.5 },
      per_minute: 0.5,
      minimum_price: 15,
      t2_hours: { from: 22, to: 6 },
      t2_on_sundays: true,
    },
    routing: { detour_factor: 1.3, speed_kmh: 30 },
    sms: { countries: ['PL'] },
  } satisfies CorporationFile;
  parseCorporation(JSON.stringify(content), file);
  fs.writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`, { flag: 'wx' });
  console.log(`wrote ${file}`);
}

async function setBlocked([corporationId, phoneInput]: string[], blocked: boolean): Promise<void> {
  const corp = corporation(corporationId);
  if (!phoneInput) throw new UsageError('phone missing');
  const phone = normalisePhone(phoneInput, corp);
  const changed = await withStorage(({ db }) => setClientBlocked(db, corp.id, phone, blocked));
  if (!changed) throw new UsageError(`no client ${phone} in ${corp.id}`);
  console.log(`${phone} ${blocked ? 'blocked' : 'unblocked'}`);
}

async function deletionRequests([corporationId]: string[], json: boolean): Promise<void> {
  const rows = await withStorage(({ db }) => listDeletionRequests(db, corporationId));
  if (json) {
    console.log(
      JSON.stringify(
        rows.map((row) => ({
          ...row,
          signed_in: row.signed_in === 1,
          created_at: new Date(row.created_at).toISOString(),
        })),
        null,
        2,
      ),
    );
    return;
  }
  if (rows.length === 0) console.log('no deletion requests');
  for (const row of rows) {
    console.log(
      `#${row.id}  ${formatLocal(row.created_at, 'Europe/Warsaw')}  ${row.corporation_id}  ${row.phone}  ${row.source}${row.signed_in ? ' (signed in)' : ''}  ${row.subject}  ${row.info}`,
    );
  }
}

async function orderState([corporationId, shortId, state]: string[]): Promise<void> {
  const corp = corporation(corporationId);
  if (!shortId) throw new UsageError('order short id missing');
  if (!ORDER_STATES.includes(state as OrderState))
    throw new UsageError(`state: one of ${ORDER_STATES.join(', ')}`);
  const changed = await withStorage(({ db }) =>
    setOrderState(db, corp.id, shortId, state as OrderState, Date.now()),
  );
  if (!changed) throw new UsageError(`no order ${shortId} in ${corp.id}`);
  console.log(`order ${shortId.toUpperCase()} is now ${state}`);
}

async function addTaxi(
  [corporationId, callNumber]: string[],
  options: { color?: string; brand?: string; plate?: string; password?: string },
): Promise<void> {
  const corp = corporation(corporationId);
  if (!callNumber || !/^[A-Za-z0-9-]{1,20}$/.test(callNumber))
    throw new UsageError('call number: up to 20 letters, digits and -');
  const password = options.password ?? randomBytes(9).toString('base64url');
  await withStorage(({ db }) =>
    provisionTaxi(db, corp.id, {
      call_number: callNumber,
      color: options.color ?? '',
      brand: options.brand ?? '',
      vehicle_registration: options.plate ?? '',
      password,
    }),
  );
  console.log(`taxi ${callNumber} of ${corp.id}: password ${password}`);
}

async function taxiState([corporationId, callNumber, state]: string[]): Promise<void> {
  const corp = corporation(corporationId);
  if (!callNumber) throw new UsageError('call number missing');
  if (!(TAXI_STATES as readonly string[]).includes(state ?? ''))
    throw new UsageError(`state: one of ${TAXI_STATES.join(', ')}`);
  const changed = await withStorage(async ({ db }) => {
    // B first: a sign-in racing the block then finds it and its session is refused.
    if (!(await setTaxiState(db, corp.id, callNumber, state!))) return false;
    if (state === 'B') await closeTaxiSessions(db, corp.id, callNumber);
    return true;
  });
  if (!changed) throw new UsageError(`no taxi ${callNumber} in ${corp.id}`);
  if (state === 'B') await announceBlock({ corporation_id: corp.id, call_number: callNumber });
  console.log(`taxi ${callNumber} is now ${state}`);
}

/**
 * Tells every server process of the deployment (over Redis, REDIS_URL) that a taxi is blocked,
 * so that they end its sessions at once; without Redis each process finds out within a second.
 */
async function announceBlock(blocked: TaxiBlocked): Promise<void> {
  const { redis, redisPrefix } = redisFromEnv(process.env);
  if (!redis) return;
  const bus = redisBus(redis, redisPrefix, (error) => {
    console.error(`taxi-operator: Redis: ${(error as Error).message}`);
  });
  bus.publish(channels.taxiBlocked, blocked);
  await bus.close();
}

async function releaseToken(
  [action, team]: string[],
  values: { parts?: string | undefined; corporations?: string | undefined },
): Promise<void> {
  const now = Date.now();
  if (action === 'list') {
    for (const row of await withStorage(({ db }) => listTokens(db))) {
      const state = row.revoked_at ? `revoked ${formatLocal(row.revoked_at, 'UTC')}` : 'live';
      console.log(
        `${row.team}  parts ${row.parts}  corporations ${row.corporations || 'all'}  ${state}`,
      );
    }
    return;
  }
  if (!team) throw new UsageError('team missing');
  if (action === 'add') {
    const list = (value: string | undefined) => (value ?? '').split(',').filter(Boolean);
    const token = await withStorage(({ db }) =>
      createToken(
        db,
        {
          team,
          parts: list(values.parts) as ReleaseName[],
          corporations: list(values.corporations),
        },
        now,
      ),
    );
    console.log(token);
    return;
  }
  if (action === 'revoke') {
    const revoked = await withStorage(({ db }) => revokeTokens(db, team, now));
    console.log(`revoked ${revoked} token(s) of ${team}`);
    return;
  }
  throw new UsageError('release-token add|revoke|list');
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      city: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      color: { type: 'string' },
      brand: { type: 'string' },
      plate: { type: 'string' },
      password: { type: 'string' },
      parts: { type: 'string' },
      corporations: { type: 'string' },
    },
  });
  const [command, ...args] = positionals;
  switch (command) {
    case 'add-corporation':
      return addCorporation(args, values.name, values.city);
    case 'block-client':
      return setBlocked(args, true);
    case 'unblock-client':
      return setBlocked(args, false);
    case 'deletion-requests':
      return deletionRequests(args, values.json === true);
    case 'order-state':
      return orderState(args);
    case 'add-taxi':
      return addTaxi(args, values);
    case 'taxi-state':
      return taxiState(args);
    case 'release-token':
      return releaseToken(args, values);
    case 'vapid-keys': {
      // Every server of a deployment needs the same pair; a new pair ends every subscription.
      const keys = webpush.generateVAPIDKeys();
      console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}`);
      return;
    }
    case 'backup':
    case 'restore': {
      if (!args[0]) throw new UsageError('file missing');
      console.log(await (command === 'backup' ? backup : restore)(paths, args[0]));
      return;
    }
    case 'doctor': {
      const findings = await doctor(process.env, MIGRATIONS);
      for (const { level, text } of findings)
        console.log(`${level === 'fatal' ? 'FATAL  ' : 'warning'} ${text}`);
      const fatal = findings.filter((finding) => finding.level === 'fatal').length;
      console.log(
        fatal > 0
          ? `${fatal} fatal finding(s): fix them before starting in production`
          : 'nothing fatal found',
      );
      if (fatal > 0) process.exitCode = 1;
      return;
    }
    case 'migrate': {
      const applied = await withStorage(async (storage) => storage.applied);
      console.log(applied.length ? `applied ${applied.join(', ')}` : 'schema up to date');
      return;
    }
    default:
      if (!values.help && command !== 'help') process.exitCode = 2;
      console.log(HELP);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error(`taxi-operator: ${(error as Error).message}`);
  if (!(error instanceof UsageError)) console.error('run with --help for the commands');
  process.exitCode = 1;
}
