// `taxi-operator doctor`: what a production start of this environment would hit, or should not
// run with, read the way the server reads it (base/config.ts, the corporation directory, storage).
import fs from 'node:fs';
import path from 'node:path';
import { type Config, configFromEnv, pathsFromEnv } from '../base/config.ts';
import { openCorporationDirectory } from '../corporations/directory.ts';
import type { MigrationSet } from '../db/schema.ts';
import { openStorage, pendingMigrations } from '../db/storage.ts';
import { within } from '../base/deadline.ts';
import { orderSecretKey } from '../orders/secrets.ts';
import { connectRedis, type RedisTarget, redisTarget } from '../base/redis.ts';
import { isVersion, RELEASE_NAMES } from '../releases/resolve.ts';

/** fatal: the start fails or must not go on; warning: it runs, but look at it. */
export interface Finding {
  level: 'fatal' | 'warning';
  text: string;
}

/** How long the database and Redis may take to answer the doctor. */
const REACH_TIMEOUT_MS = 3000;
/** A random 32-byte key has about 30 distinct byte values; a typed phrase far fewer. */
const KEY_MIN_DISTINCT_BYTES = 16;

const fatal = (text: string): Finding => ({ level: 'fatal', text });
const warning = (text: string): Finding => ({ level: 'warning', text });

function configChecks(config: Config): Finding[] {
  const findings: Finding[] = [];
  if (!config.production)
    findings.push(
      warning('NODE_ENV is not production: the SMS outbox and the demo fleet are allowed'),
    );
  if (config.orderSecretKey) {
    const key = orderSecretKey(config);
    if (new Set(key).size < KEY_MIN_DISTINCT_BYTES)
      findings.push(
        fatal('ORDER_SECRET_KEY looks typed, not random: make one with `openssl rand -hex 32`'),
      );
  } else
    findings.push(
      warning(
        'ORDER_SECRET_KEY unset: the key is generated into DATA_DIR; a second instance or a restored backup without that file gets other ride links',
      ),
    );
  if (config.trustProxy === false)
    findings.push(
      config.redis
        ? fatal(
            'TRUST_PROXY unset with REDIS_URL or REDIS_SENTINELS (several processes, so a balancer in front): every caller has the balancer’s address, and every per-address limit counts them all together',
          )
        : warning(
            'TRUST_PROXY unset: right only when nothing stands in front of the server (no TLS proxy, no balancer)',
          ),
    );
  if (!config.push?.vapid)
    findings.push(warning('VAPID keys unset: ride notifications (Web Push) are off'));
  if (config.sms.driver === 'outbox')
    findings.push(
      config.sms.public
        ? fatal('SMS_OUTBOX_PUBLIC=true: GET /dev/sms-outbox shows login codes to anyone')
        : fatal('SMS_DRIVER=outbox: no text message is sent; set SMS_HTTP_URL (SMS_DRIVER=http)'),
    );
  else if (!config.sms.token)
    findings.push(warning('SMS_HTTP_TOKEN unset: the SMS gateway is called without a token'));
  if (config.fleet.mode === 'sim')
    findings.push(fatal('FLEET=sim: simulated taxis take real orders; set FLEET=off'));
  if (!config.metricsToken) findings.push(warning('METRICS_TOKEN unset: no /metrics to scrape'));
  return findings;
}

function corporationChecks(corpDir: string): Finding[] {
  const findings: Finding[] = [];
  const log = {
    info() {},
    error: (details: object, message: string) =>
      findings.push(
        fatal(`${message}: ${JSON.stringify(details, ['file', 'reason', 'id', 'host', 'dir'])}`),
      ),
  };
  const corporations = openCorporationDirectory(corpDir, log, 0).all();
  if (corporations.length === 0) findings.push(fatal(`no corporation in ${corpDir}`));
  for (const corporation of corporations) {
    for (const part of RELEASE_NAMES) {
      const pointer = corporation.releases[part];
      if (!pointer)
        findings.push(
          warning(`${corporation.id}: no release pinned for ${part}; it follows the newest`),
        );
      else if (!isVersion(pointer.use))
        findings.push(
          warning(
            `${corporation.id}: ${part} follows "${pointer.use}", not a pinned version: a publish changes what passengers get`,
          ),
        );
    }
  }
  return findings;
}

async function databaseChecks(
  paths: ReturnType<typeof pathsFromEnv>,
  migrations: MigrationSet,
): Promise<Finding[]> {
  if (!paths.databaseUrl && !fs.existsSync(path.join(paths.dataDir, 'taxi.sqlite')))
    return [warning(`no SQLite database in ${paths.dataDir} yet: the first start creates it`)];
  const storage = await openStorage({ ...paths, migrations, migrate: false });
  try {
    const pending = await within(pendingMigrations(storage), REACH_TIMEOUT_MS, 'database');
    return pending.length > 0
      ? [warning(`migrations pending (the next start applies them): ${pending.join(', ')}`)]
      : [];
  } catch (error) {
    return [fatal(`database unreachable: ${(error as Error).message}`)];
  } finally {
    await storage.close().catch(() => {});
  }
}

async function redisChecks(target: RedisTarget): Promise<Finding[]> {
  const redis = connectRedis(target, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: REACH_TIMEOUT_MS,
  });
  redis.on('error', () => {});
  try {
    await within(
      redis.connect().then(() => redis.ping()),
      REACH_TIMEOUT_MS,
      'Redis',
    );
    return [];
  } catch (error) {
    return [fatal(`Redis unreachable: ${(error as Error).message}`)];
  } finally {
    redis.disconnect();
  }
}

/** Every finding for this environment, the fatal ones first; `migrations` are the modules' own. */
export async function doctor(env: NodeJS.ProcessEnv, migrations: MigrationSet): Promise<Finding[]> {
  const findings: Finding[] = [];
  const paths = pathsFromEnv(env);
  let config: Config | undefined;
  try {
    config = configFromEnv(env);
  } catch (error) {
    findings.push(fatal(`the server would not start: ${(error as Error).message}`));
  }
  if (config) {
    try {
      findings.push(...configChecks(config));
    } catch (error) {
      findings.push(fatal(`the server would not start: ${(error as Error).message}`));
    }
  }
  findings.push(...corporationChecks(paths.corpDir));
  findings.push(...(await databaseChecks(paths, migrations)));
  let redis: RedisTarget | null = null;
  try {
    redis = redisTarget(env);
  } catch {
    // Already a finding: the server would not start.
  }
  if (redis) findings.push(...(await redisChecks(redis)));
  return findings.sort((a, b) => (a.level === b.level ? 0 : a.level === 'fatal' ? -1 : 1));
}
