// The operator's release page: only with OPERATOR_TOKEN, only for whoever presents it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { test } from 'node:test';
import { configFromEnv } from '../src/base/config.ts';
import { countError, countViews, hourOf, passengerOf } from '../src/reports/health.ts';
import { corporationFile, startApp, writeFile } from './support/helpers.ts';

const basic = (password: string) =>
  `Basic ${Buffer.from(`operator:${password}`).toString('base64')}`;

async function pageApp(operatorToken: string) {
  const started = await startApp({
    config: { operatorToken },
    corporations: [
      corporationFile('demo', ['localhost'], {
        releases: { tracking: { use: '1.0.0', canary: { use: '1.1.0', percent: 20 } } },
      }),
    ],
  });
  for (const version of ['1.0.0', '1.1.0'])
    writeFile(
      path.join(started.config.releasesDir, 'mf/tracking', version, 'mf-manifest.json'),
      {},
    );
  return started;
}

test('the server refuses to start with an OPERATOR_TOKEN of less than 32 random bytes', () => {
  const tokenOf = (OPERATOR_TOKEN: string) => configFromEnv({ OPERATOR_TOKEN }).operatorToken;
  // 32 random bytes: `openssl rand -base64 32` (44 characters) or `openssl rand -hex 32` (64).
  const base64 = randomBytes(32).toString('base64');
  const hex = randomBytes(32).toString('hex');
  assert.equal(tokenOf(base64), base64);
  assert.equal(tokenOf(hex), hex);
  assert.equal(tokenOf(randomBytes(32).toString('base64url').slice(0, 43)).length, 43);
  assert.equal(tokenOf(''), '');
  for (const weak of [
    's3cret-operator-token',
    hex.slice(0, 63),
    base64.slice(0, 42),
    'z'.repeat(64),
    'abcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabc',
  ])
    assert.throws(() => tokenOf(weak), /^Error: OPERATOR_TOKEN: .*openssl rand -base64 32/);
});

test('there is no page without OPERATOR_TOKEN', async () => {
  const { app } = await pageApp('');
  const reply = await app.inject({
    url: '/operator/releases',
    headers: { authorization: basic('') },
  });
  assert.equal(reply.statusCode, 404);
});

test('the page shows each part, its split and a chart per release, to the operator only', async () => {
  const { app } = await pageApp('s3cret-operator-token');
  const db = app.services.storage.db;
  const now = Date.now();
  const stable = { part: 'tracking', release: '1.0.0', bucket: 'stable' } as const;
  const canary = { part: 'tracking', release: '1.1.0', bucket: 'canary' } as const;
  for (let i = 0; i < 8; i++)
    await countViews(db, 'demo', [stable], passengerOf(`stable-device-${i}`), now);
  await countViews(db, 'demo', [canary], passengerOf('canary-device'), now);
  await countError(
    db,
    'demo',
    { passenger: passengerOf('canary-device'), hour: hourOf(now) },
    canary,
  );

  const anonymous = await app.inject({ url: '/operator/releases' });
  assert.equal(anonymous.statusCode, 401);
  assert.match(String(anonymous.headers['www-authenticate']), /^Basic /);
  assert.ok(!anonymous.body.includes('tracking'));
  assert.equal(
    (await app.inject({ url: '/operator/releases', headers: { authorization: basic('guess') } }))
      .statusCode,
    401,
  );

  const page = await app.inject({
    url: '/operator/releases',
    headers: { authorization: basic('s3cret-operator-token') },
  });
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.equal(page.headers['cache-control'], 'no-store');
  assert.match(page.body, /<h2 id="c-demo">demo<\/h2>/);
  assert.match(page.body, /80 % 1\.0\.0 \/ 20 % 1\.1\.0/);
  assert.match(page.body, /1\.1\.0 \(canary\)<\/td><td>1<\/td><td>1<\/td><td>1<\/td><td>100\.00 %/);
  assert.match(page.body, /<svg [^>]*role="img" aria-label="tracking 1\.1\.0: 1 views, 1 errors/);
  assert.match(page.body, /fill="#c0392b"/);
  // Nothing a strict CSP would block.
  assert.ok(!/<script|\sstyle=|<style|\son\w+=/.test(page.body));
});

test('an address that keeps guessing is stopped', async () => {
  const { app } = await pageApp('s3cret-operator-token');
  for (let i = 0; i < 20; i++)
    await app.inject({ url: '/operator/releases', headers: { authorization: basic(`guess${i}`) } });
  const right = await app.inject({
    url: '/operator/releases',
    headers: { authorization: basic('s3cret-operator-token') },
  });
  assert.equal(right.statusCode, 429);
});
