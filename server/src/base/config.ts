import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy, type TrustProxy } from './client-address.ts';
import { isEmailAddress } from '@taxi/contract/email';
import { type RedisTarget, redisTarget } from './redis.ts';

/** The repository root, so default folders do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
  /** Which X-Forwarded-For entries to believe: off, a hop count, or the proxies' addresses. */
  trustProxy: TrustProxy;
  sms: SmsConfig;
  /** Codes sent per client IP address per hour; mobile networks put many phones behind one address. */
  smsPerIpPerHour: number;
  smsLimits: SmsLimits;
  /**
   * ORDER_SECRET_KEY: the key order secrets are derived from (base64url or hex, 32 bytes or
   * more); '' in development reads or creates DATA_DIR/order-secret.key.
   */
  orderSecretKey: string;
  /**
   * RELEASE_HEALTH_KEY: the key of canary buckets and view tickets (hex or base64url, 32 bytes or
   * more); '' or absent reads or creates DATA_DIR/release-health.key.
   */
  releaseHealthKey?: string;
  /**
   * Redis for several server processes (events, offers, limits): REDIS_URL, or REDIS_SENTINELS
   * with REDIS_MASTER_NAME; null for one process.
   */
  redis: RedisTarget | null;
  /** Prefix of every Redis key and channel, so that several deployments may share one Redis. */
  redisPrefix: string;
  /** The .osm.pbf of a corporation whose file names none; '' for none. */
  osmExtract: string;
  /** Address searches and reverse geocodings per client address per minute. */
  geoPerIpPerMinute: number;
  /** Memory for encoded map tiles (all corporations together), in megabytes. */
  tileCacheMb: number;
  /** Memory for the raster map tiles' pictures (WebP) (all corporations together), in megabytes. */
  rasterCacheMb: number;
  /** Threads drawing raster map tiles; 0 draws them on the event loop; unset: the cores but one, 1-4. */
  rasterWorkers?: number | undefined;
  /** How often the dispatch looks for due orders and lapsed offers. */
  dispatchTickMs: number;
  /** How often buffered taxi positions are written. */
  positionFlushMs: number;
  fleet: FleetConfig;
  limits: LimitsConfig;
  /** The automatic rollback of canaries: how often it judges, and the defaults of each rule. */
  autoRollback: { everyMs: number; minViews: number; maxErrorRatio: number };
  /** After SIGTERM, how long /readyz fails before the listener closes (the balancer's notice). */
  drainNoticeMs: number;
  /** The password of the operator's release page; '' for no page. */
  operatorToken: string;
  /**
   * What a part a corporation does not pin runs: nothing, or (`newest`, development only) the
   * highest published version.
   */
  unpinnedReleases: UnpinnedReleases;
  /** The bearer token of GET /metrics; '' for no metrics. */
  metricsToken: string;
  /** Absent (tests' configs): Web Push off, no extra origin. */
  push?: PushConfig;
  /** Absent or null: no e-mail (docs/receipts-by-email.md). */
  mail?: MailConfig | null;
}

/** E-mail through the operator's SMTP relay (docs/receipts-by-email.md). */
export interface MailConfig {
  /** SMTP_URL: smtp://user:pass@relay:587 (STARTTLS when offered) or smtps://user:pass@relay:465. */
  smtpUrl: string;
  /** MAIL_FROM: the sender when the corporation's settings have no self_email. */
  from: string;
  /**
   * MAIL_LINK_ORIGIN: where confirmation links point (http://localhost:8080 in development);
   * '' for https:// and the host name the passenger used.
   */
  linkOrigin: string;
}

/** SMTP_URL, MAIL_FROM and MAIL_LINK_ORIGIN; null without SMTP_URL. */
export function mailConfig(env: NodeJS.ProcessEnv): MailConfig | null {
  const smtpUrl = env.SMTP_URL?.trim() ?? '';
  if (!smtpUrl) return null;
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    throw new Error('SMTP_URL: a URL like smtp://user:pass@relay:587 or smtps://relay:465');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:')
    throw new Error('SMTP_URL: smtp:// or smtps://');
  const from = env.MAIL_FROM?.trim() ?? '';
  if (from && !isEmailAddress(from)) throw new Error('MAIL_FROM: an e-mail address');
  const linkOrigin = env.MAIL_LINK_ORIGIN?.trim() ?? '';
  if (linkOrigin && new URL(linkOrigin).origin !== linkOrigin)
    throw new Error(`MAIL_LINK_ORIGIN: an origin like https://taxi.example, not ${linkOrigin}`);
  return { smtpUrl, from, linkOrigin };
}

/** Web Push (docs/ride-notifications.md): off without VAPID keys. */
export interface PushConfig {
  /** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (base64url) and VAPID_SUBJECT (mailto: or https:). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /**
   * PUSH_ALLOWED_ORIGIN: the tests' own push service (https://host[:port]), the one origin that may
   * have a port and a private address; refused with NODE_ENV=production.
   */
  allowedOrigin: string;
}

/** All three VAPID variables or none; a half-configured deployment stops at start. */
export function pushConfig(env: NodeJS.ProcessEnv): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  const subject = env.VAPID_SUBJECT?.trim() ?? '';
  const allowedOrigin = env.PUSH_ALLOWED_ORIGIN?.trim() ?? '';
  if (allowedOrigin && new URL(allowedOrigin).origin !== allowedOrigin)
    throw new Error(
      `PUSH_ALLOWED_ORIGIN: an origin like https://push.example, not ${allowedOrigin}`,
    );
  // It lets pushes reach a private address: a test's push service, never a production server's.
  if (allowedOrigin && env.NODE_ENV === 'production')
    throw new Error('PUSH_ALLOWED_ORIGIN is for tests and not allowed with NODE_ENV=production');
  if (!publicKey && !privateKey && !subject) return { vapid: null, allowedOrigin };
  if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey))
    throw new Error(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: a key pair from `taxi-operator vapid-keys`',
    );
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject))
    throw new Error("VAPID_SUBJECT: the operator's contact, mailto:… or https://…");
  return { vapid: { publicKey, privateKey, subject }, allowedOrigin };
}

/** Caps on the work one caller may cause (docs/security.md, "Limits"). */
export interface LimitsConfig {
  /** Open tracking sockets per client address, per server process. */
  trackSocketsPerIp: number;
  /** Open tracking sockets per order, per server process. */
  trackSocketsPerOrder: number;
  /** Messages one tracking socket may send per second. */
  trackMessagesPerSecond: number;
  /** Price quotes per client per minute. */
  quotesPerClientPerMinute: number;
  /** Orders placed per client per hour. */
  ordersPerClientPerHour: number;
  /** Cancels per client per hour. */
  cancelsPerClientPerHour: number;
  /** Driver sign-ins per client address per minute, whatever the call number. */
  driverLoginsPerIpPerMinute: number;
  /** Map tiles per client address per minute. */
  tilesPerIpPerMinute: number;
  /** Raster map tiles drawn (not yet cached) per client address per minute. */
  rasterDrawsPerIpPerMinute: number;
  /** Raster tiles being drawn or waiting for a drawing thread at once, for every caller together. */
  rasterDrawQueue: number;
  /** Disk a release team's uploads may take, in MB, compressed copies included. */
  releaseTeamQuotaMb: number;
  /** Timed and subscription orders one client may have open at once. */
  openScheduledOrdersPerClient: number;
  /**
   * New devices per client address per hour whose page views and errors count towards release
   * health; the devices past it get stable releases, uncounted.
   */
  releaseDevicesPerIpPerHour: number;
  /** Longest time to receive a whole HTTP request. */
  requestTimeoutMs: number;
  /** Longest silence on an HTTP connection. */
  connectionTimeoutMs: number;
}

export function limitsConfig(env: NodeJS.ProcessEnv): LimitsConfig {
  const limit = (name: string, fallback: number) => positiveInteger(name, env[name], fallback);
  return {
    trackSocketsPerIp: limit('TRACK_SOCKETS_PER_IP', 200),
    trackSocketsPerOrder: limit('TRACK_SOCKETS_PER_ORDER', 20),
    trackMessagesPerSecond: limit('TRACK_MESSAGES_PER_SECOND', 50),
    quotesPerClientPerMinute: limit('ORDER_SIM_PER_CLIENT_PER_MINUTE', 60),
    ordersPerClientPerHour: limit('ORDER_SAVE_PER_CLIENT_PER_HOUR', 30),
    cancelsPerClientPerHour: limit('ORDER_CANCEL_PER_CLIENT_PER_HOUR', 30),
    driverLoginsPerIpPerMinute: limit('DRIVER_LOGIN_PER_IP_PER_MINUTE', 30),
    tilesPerIpPerMinute: limit('TILES_PER_IP_PER_MINUTE', 3000),
    rasterDrawsPerIpPerMinute: limit('RASTER_DRAWS_PER_IP_PER_MINUTE', 300),
    rasterDrawQueue: limit('RASTER_DRAW_QUEUE', 64),
    releaseTeamQuotaMb: limit('RELEASE_TEAM_QUOTA_MB', 1024),
    openScheduledOrdersPerClient: limit('OPEN_SCHEDULED_ORDERS_PER_CLIENT', 10),
    releaseDevicesPerIpPerHour: limit('RELEASE_DEVICES_PER_IP_PER_HOUR', 2),
    requestTimeoutMs: limit('REQUEST_TIMEOUT_MS', 30_000),
    connectionTimeoutMs: limit('CONNECTION_TIMEOUT_MS', 60_000),
  };
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

/** Rolling 24-hour limits on login codes (docs/security.md, "Login codes and SMS limits"). */
export interface SmsLimits {
  /** Wrong codes per number, across all its codes, before the number is BLOCKED. */
  wrongCodesPerDay: number;
  /** Codes sent to one number. */
  perPhonePerDay: number;
  /** Codes one corporation sends in all: its SMS budget; reaching it logs an alert. */
  perCorporationPerDay: number;
}

export type SmsConfig =
  | { driver: 'outbox'; public?: boolean }
  | { driver: 'http'; url: string; token: string; sender: string; timeoutMs: number };

export type UnpinnedReleases = 'none' | 'newest';

/**
 * UNPINNED_RELEASES: `newest` lets a part no corporation pins run the highest published version,
 * so a local build runs without pins; production runs only pins and channels, and refuses it.
 */
export function unpinnedReleases(env: NodeJS.ProcessEnv): UnpinnedReleases {
  const production = env.NODE_ENV === 'production';
  const value = env.UNPINNED_RELEASES || (production ? 'none' : 'newest');
  if (value !== 'none' && value !== 'newest') throw new Error('UNPINNED_RELEASES: none or newest');
  if (value === 'newest' && production)
    throw new Error('UNPINNED_RELEASES=newest is not allowed with NODE_ENV=production');
  return value;
}

function smsConfig(env: NodeJS.ProcessEnv, production: boolean): SmsConfig {
  const driver = env.SMS_DRIVER || (production ? 'http' : 'outbox');
  if (driver === 'outbox') {
    // The outbox shows every code to anyone who asks: never in production.
    if (production) throw new Error('SMS_DRIVER=outbox is not allowed with NODE_ENV=production');
    return { driver, public: env.SMS_OUTBOX_PUBLIC === 'true' };
  }
  if (driver !== 'http') throw new Error(`SMS_DRIVER: outbox or http, not ${driver}`);
  if (!env.SMS_HTTP_URL) throw new Error('SMS_DRIVER=http needs SMS_HTTP_URL');
  return {
    driver,
    url: env.SMS_HTTP_URL,
    token: env.SMS_HTTP_TOKEN ?? '',
    sender: env.SMS_HTTP_SENDER ?? '',
    timeoutMs: positiveInteger('SMS_HTTP_TIMEOUT_MS', env.SMS_HTTP_TIMEOUT_MS, 5_000),
  };
}

function orderSecretKey(value: string | undefined, production: boolean): string {
  const key = value?.trim() ?? '';
  // Every server of a deployment derives the same links from it: a generated file would differ.
  if (!key && production) throw new Error('NODE_ENV=production needs ORDER_SECRET_KEY');
  return key;
}

/**
 * OPERATOR_TOKEN and METRICS_TOKEN: empty (no operator page, no metrics) or at least 32 random
 * bytes, judged by its length:
 * 64 characters when it is all hex digits (4 bits each), else 43 (6 bits each, as base64), with
 * at least 10 different characters so that a repeated pattern does not pass for random.
 */
function randomToken(name: string, value: string | undefined): string {
  const token = value?.trim() ?? '';
  if (token === '') return '';
  const least = /^[0-9a-f]+$/i.test(token) ? 64 : 43;
  if (token.length < least || new Set(token).size < 10)
    throw new Error(
      `${name}: 32 random bytes or more (${least}+ characters, at least 10 different): make one with \`openssl rand -base64 32\` or \`openssl rand -hex 32\``,
    );
  return token;
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

/** A whole number of at least `least` (0 or 1), or undefined when not set. */
function wholeNumber(name: string, value: string | undefined, least: 0 | 1): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < least)
    throw new Error(`${name}: a whole number${least ? ' above 0' : ', 0 or more'}, not ${value}`);
  return number;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  return wholeNumber(name, value, 1) ?? fallback;
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

/** The Redis every process of a deployment shares (none: one process); the CLI's too. */
export function redisFromEnv(env: NodeJS.ProcessEnv): Pick<Config, 'redis' | 'redisPrefix'> {
  return { redis: redisTarget(env), redisPrefix: env.REDIS_PREFIX || 'taxi:' };
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sms: smsConfig(env, production),
    smsPerIpPerHour: positiveInteger('SMS_PER_IP_PER_HOUR', env.SMS_PER_IP_PER_HOUR, 20),
    smsLimits: {
      wrongCodesPerDay: positiveInteger('SMS_WRONG_CODES_PER_DAY', env.SMS_WRONG_CODES_PER_DAY, 10),
      perPhonePerDay: positiveInteger('SMS_PER_PHONE_PER_DAY', env.SMS_PER_PHONE_PER_DAY, 10),
      perCorporationPerDay: positiveInteger(
        'SMS_PER_CORPORATION_PER_DAY',
        env.SMS_PER_CORPORATION_PER_DAY,
        5000,
      ),
    },
    orderSecretKey: orderSecretKey(env.ORDER_SECRET_KEY, production),
    releaseHealthKey: env.RELEASE_HEALTH_KEY?.trim() ?? '',
    ...redisFromEnv(env),
    osmExtract: extract(env.OSM_EXTRACT),
    geoPerIpPerMinute: positiveInteger('GEO_PER_IP_PER_MINUTE', env.GEO_PER_IP_PER_MINUTE, 600),
    tileCacheMb: positiveNumber('TILE_CACHE_MB', env.TILE_CACHE_MB, 64),
    rasterCacheMb: positiveNumber('RASTER_CACHE_MB', env.RASTER_CACHE_MB, 64),
    rasterWorkers: wholeNumber('RASTER_WORKERS', env.RASTER_WORKERS, 0),
    dispatchTickMs: positiveInteger('DISPATCH_TICK_MS', env.DISPATCH_TICK_MS, 1000),
    positionFlushMs: 2000,
    fleet: fleetConfig(env, production),
    limits: limitsConfig(env),
    autoRollback: {
      everyMs: positiveInteger('RELEASE_RULE_EVERY_MS', env.RELEASE_RULE_EVERY_MS, 5 * 60_000),
      minViews: positiveInteger('RELEASE_RULE_MIN_VIEWS', env.RELEASE_RULE_MIN_VIEWS, 500),
      maxErrorRatio: 2,
    },
    drainNoticeMs: wholeNumber('DRAIN_NOTICE_MS', env.DRAIN_NOTICE_MS, 0) ?? 5000,
    operatorToken: randomToken('OPERATOR_TOKEN', env.OPERATOR_TOKEN),
    unpinnedReleases: unpinnedReleases(env),
    metricsToken: randomToken('METRICS_TOKEN', env.METRICS_TOKEN),
    push: pushConfig(env),
    mail: mailConfig(env),
  };
}
