import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so default folders do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  host: string;
  corpDir: string;
  releasesDir: string;
  dataDir: string;
  production: boolean;
  /** false silences the log (tests); otherwise a pino level. */
  logLevel: string | false;
  /** How often corporation files are checked for changes. */
  corpRefreshMs: number;
  /** PostgreSQL connection string; SQLite under dataDir when empty. */
  databaseUrl: string;
  /** Honour X-Forwarded-* from a reverse proxy (client IP for rate limits). */
  trustProxy: boolean;
  sms: SmsConfig;
  /** Codes sent per client IP address per hour; mobile networks put many phones behind one address. */
  smsPerIpPerHour: number;
  /** Redis for several server processes (events, offers, limits); '' for one process. */
  redisUrl: string;
  /** Prefix of every Redis key and channel, so that several deployments may share one Redis. */
  redisPrefix: string;
  /** The .osm.pbf of a corporation whose file names none; '' for none. */
  osmExtract: string;
  /** Address searches and reverse geocodings per client address per minute. */
  geoPerIpPerMinute: number;
  /** Memory for encoded map tiles (all corporations together), in megabytes. */
  tileCacheMb: number;
  /** How often the dispatch looks for due orders and lapsed offers. */
  dispatchTickMs: number;
  /** How often buffered taxi positions are written. */
  positionFlushMs: number;
  fleet: FleetConfig;
  /** The automatic rollback of canaries: how often it judges, and the defaults of each rule. */
  autoRollback: { everyMs: number; minViews: number; maxErrorRatio: number };
  /** The password of the operator's release page; '' for no page. */
  operatorToken: string;
}

export interface FleetConfig {
  /** sim: the demo fleet drives the corporations that have a road network; off: no simulated taxis. */
  mode: 'sim' | 'off';
  /** Taxis per corporation (a corporation file's fleet.size wins). */
  size: number;
  /** Simulated time runs this many times faster than real time. */
  speed: number;
}

/** The demo extract beside the repository (shared/ next to it), when it is there. */
export const DEMO_EXTRACT = path.resolve(REPO_ROOT, '../shared/data/osm/monaco.osm.pbf');

function extract(value: string | undefined): string {
  if (value === 'none' || value === 'off') return '';
  if (value && value.trim()) return path.resolve(REPO_ROOT, value);
  return fs.existsSync(DEMO_EXTRACT) ? DEMO_EXTRACT : '';
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`${name}: a number above 0, not ${value}`);
  return number;
}

function fleetConfig(env: NodeJS.ProcessEnv, production: boolean): FleetConfig {
  const mode = env.FLEET || (production ? 'off' : 'sim');
  if (mode !== 'sim' && mode !== 'off') throw new Error(`FLEET: sim or off, not ${mode}`);
  return {
    mode,
    size: positiveInteger('FLEET_SIZE', env.FLEET_SIZE, 12),
    speed: positiveNumber('FLEET_SPEED', env.FLEET_SPEED, 1),
  };
}

export type SmsConfig =
  { driver: 'outbox' } | { driver: 'http'; url: string; token: string; sender: string };

function smsConfig(env: NodeJS.ProcessEnv, production: boolean): SmsConfig {
  const driver = env.SMS_DRIVER || (production ? 'http' : 'outbox');
  if (driver === 'outbox') {
    // The outbox shows every code to anyone who asks: never in production.
    if (production) throw new Error('SMS_DRIVER=outbox is not allowed with NODE_ENV=production');
    return { driver };
  }
  if (driver !== 'http') throw new Error(`SMS_DRIVER: outbox or http, not ${driver}`);
  if (!env.SMS_HTTP_URL) throw new Error('SMS_DRIVER=http needs SMS_HTTP_URL');
  return {
    driver,
    url: env.SMS_HTTP_URL,
    token: env.SMS_HTTP_TOKEN ?? '',
    sender: env.SMS_HTTP_SENDER ?? '',
  };
}

function folder(value: string | undefined, fallback: string): string {
  return path.resolve(REPO_ROOT, value && value.trim() ? value : fallback);
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new Error(`PORT: not a port: ${value}`);
  return number;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${name}: a whole number above 0, not ${value}`);
  return number;
}

/** Where the data lives: all the operator CLI needs. */
export function pathsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Pick<Config, 'corpDir' | 'releasesDir' | 'dataDir' | 'databaseUrl'> {
  return {
    corpDir: folder(env.CORP_DIR, 'server/corporations'),
    releasesDir: folder(env.RELEASES_DIR, 'releases'),
    dataDir: folder(env.DATA_DIR, 'data'),
    databaseUrl: env.DATABASE_URL ?? '',
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  return {
    ...pathsFromEnv(env),
    port: port(env.PORT),
    host: env.HOST || '0.0.0.0',
    production,
    logLevel: env.LOG_LEVEL || 'info',
    corpRefreshMs: 1000,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    sms: smsConfig(env, production),
    smsPerIpPerHour: positiveInteger('SMS_PER_IP_PER_HOUR', env.SMS_PER_IP_PER_HOUR, 20),
    redisUrl: env.REDIS_URL ?? '',
    redisPrefix: env.REDIS_PREFIX || 'taxi:',
    osmExtract: extract(env.OSM_EXTRACT),
    geoPerIpPerMinute: positiveInteger('GEO_PER_IP_PER_MINUTE', env.GEO_PER_IP_PER_MINUTE, 600),
    tileCacheMb: positiveNumber('TILE_CACHE_MB', env.TILE_CACHE_MB, 64),
    dispatchTickMs: positiveInteger('DISPATCH_TICK_MS', env.DISPATCH_TICK_MS, 1000),
    positionFlushMs: 2000,
    fleet: fleetConfig(env, production),
    autoRollback: {
      everyMs: positiveInteger('RELEASE_RULE_EVERY_MS', env.RELEASE_RULE_EVERY_MS, 5 * 60_000),
      minViews: positiveInteger('RELEASE_RULE_MIN_VIEWS', env.RELEASE_RULE_MIN_VIEWS, 500),
      maxErrorRatio: 2,
    },
    operatorToken: env.OPERATOR_TOKEN ?? '',
  };
}
