import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import webpush from 'web-push';
import { openStorage } from '../../src/db/storage.ts';
import { MIGRATIONS } from '../../src/modules.ts';
import { corporationFile, tempDir, writeFile } from '../support/helpers.ts';
import { freePort } from '../support/private-services.ts';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PINNED = {
  host: '1.0.0',
  ordering: '1.0.0',
  tracking: '1.0.0',
  account: '1.0.0',
  legal: '1.0.0',
};

/** A production environment with nothing to find, over a migrated SQLite database. */
async function sound() {
  const root = tempDir();
  writeFile(
    path.join(root, 'corporations/demo.json'),
    corporationFile('demo', ['taxi.example'], { releases: PINNED }),
  );
  const dataDir = path.join(root, 'data');
  await (await openStorage({ migrations: MIGRATIONS, dataDir })).close();
  const vapid = webpush.generateVAPIDKeys();
  return {
    NODE_ENV: 'production',
    CORP_DIR: path.join(root, 'corporations'),
    DATA_DIR: dataDir,
    RELEASES_DIR: path.join(root, 'releases'),
    ORDER_SECRET_KEY: randomBytes(32).toString('base64url'),
    SMS_HTTP_URL: 'https://sms.example/send',
    SMS_HTTP_TOKEN: randomBytes(24).toString('base64url'),
    TRUST_PROXY: '1',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@taxi.example',
    METRICS_TOKEN: randomBytes(32).toString('base64url'),
    OPERATOR_TOKEN: randomBytes(32).toString('base64url'),
    REDIS_URL: REDIS,
    REDIS_PREFIX: `taxi-doctor-${process.pid}:`,
  } as Record<string, string>;
}

/** Runs `taxi-operator doctor` under exactly `env`; its lines and exit status. */
async function doctor(env: Record<string, string>) {
  const { PATH, HOME } = process.env;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'doctor'], {
      env: { PATH, HOME, ...env },
    });
    return { code: 0, lines: stdout.trim().split('\n') };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, lines: failed.stdout.trim().split('\n') };
  }
}

const has = (lines: string[], level: 'FATAL' | 'warning', text: RegExp) =>
  assert.ok(
    lines.some((line) => line.startsWith(level) && text.test(line)),
    `${level} ${text} in:\n${lines.join('\n')}`,
  );

test('a sound production environment: nothing fatal, exit status 0', async () => {
  const { code, lines } = await doctor(await sound());
  assert.equal(code, 0, lines.join('\n'));
  assert.deepEqual(lines, ['nothing fatal found']);
});

test('each problem a production start would hit, fatal ones with exit status 1', async (t) => {
  const cases: [
    string,
    (env: Record<string, string>) => void | Promise<void>,
    'FATAL' | 'warning',
    RegExp,
  ][] = [
    [
      'secret missing',
      (env) => delete env.ORDER_SECRET_KEY,
      'FATAL',
      /would not start: NODE_ENV=production needs ORDER_SECRET_KEY/,
    ],
    [
      'secret weak',
      (env) => (env.ORDER_SECRET_KEY = 'ab'.repeat(32)),
      'FATAL',
      /ORDER_SECRET_KEY looks typed/,
    ],
    [
      'operator token weak',
      (env) => (env.OPERATOR_TOKEN = 'hunter2'),
      'FATAL',
      /would not start: OPERATOR_TOKEN: 32 random bytes or more/,
    ],
    [
      'metrics token weak',
      (env) => (env.METRICS_TOKEN = 'prometheus-scrape-token'),
      'FATAL',
      /would not start: METRICS_TOKEN: 32 random bytes or more/,
    ],
    [
      'TRUST_PROXY unset behind a balancer',
      (env) => delete env.TRUST_PROXY,
      'FATAL',
      /TRUST_PROXY unset with REDIS_URL/,
    ],
    [
      'VAPID missing',
      (env) => {
        delete env.VAPID_PUBLIC_KEY;
        delete env.VAPID_PRIVATE_KEY;
        delete env.VAPID_SUBJECT;
      },
      'warning',
      /VAPID keys unset/,
    ],
    [
      'SMS gateway unset',
      (env) => delete env.SMS_HTTP_URL,
      'FATAL',
      /SMS_DRIVER=http needs SMS_HTTP_URL/,
    ],
    [
      'release not pinned',
      (env) =>
        writeFile(
          path.join(env.CORP_DIR!, 'demo.json'),
          corporationFile('demo', ['taxi.example'], {
            releases: { ...PINNED, tracking: 'stable' },
          }),
        ),
      'warning',
      /demo: tracking follows "stable", not a pinned version/,
    ],
    [
      'corporation file with a typo',
      (env) =>
        writeFile(
          path.join(env.CORP_DIR!, 'demo.json'),
          corporationFile('demo', ['taxi.example'], { releases: PINNED, invocing: {} }),
        ),
      'FATAL',
      /demo\.json: \/invocing: unknown field; did you mean invoicing\?/,
    ],
    ['FLEET=sim', (env) => (env.FLEET = 'sim'), 'FATAL', /FLEET=sim/],
    [
      'outbox public',
      (env) => {
        env.NODE_ENV = 'development';
        env.SMS_DRIVER = 'outbox';
        env.SMS_OUTBOX_PUBLIC = 'true';
      },
      'FATAL',
      /SMS_OUTBOX_PUBLIC=true/,
    ],
    [
      'database unreachable',
      async (env) => {
        env.DATABASE_URL = `postgres://postgres@127.0.0.1:${await freePort()}/none`;
      },
      'FATAL',
      /database unreachable/,
    ],
    [
      'Redis unreachable',
      async (env) => {
        env.REDIS_URL = `redis://127.0.0.1:${await freePort()}`;
      },
      'FATAL',
      /Redis unreachable/,
    ],
    [
      'migrations pending',
      async (env) => {
        const storage = await openStorage({ migrations: MIGRATIONS, dataDir: env.DATA_DIR! });
        await storage.db.deleteFrom('kysely_migration' as never).execute();
        await storage.close();
      },
      'warning',
      /migrations pending \(the next start applies them\): 0001_error_reports/,
    ],
  ];
  for (const [name, change, level, text] of cases)
    await t.test(name, async () => {
      const env = await sound();
      await change(env);
      const { code, lines } = await doctor(env);
      has(lines, level, text);
      assert.equal(code, level === 'FATAL' ? 1 : 0, lines.join('\n'));
    });
});
