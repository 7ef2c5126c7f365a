// What a release token cannot reach: every release API command with a token for another part,
// for another corporation, a revoked one and none is refused with its catalogue error and changes
// nothing; what a team limited to some corporations cannot publish never shadows the version a
// team for all corporations publishes; and a page, the service worker or the registry asked for
// under one host with another's `hostname` serves the release of the Host's corporation.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { configFromEnv } from '../src/base/config.ts';
import { parseCorporation } from '../src/corporations/directory.ts';
import { hashFiles } from '../src/releases/files.ts';
import { pin, promote } from '../src/releases/pointers.ts';
import { NEWEST } from '../src/releases/resolve.ts';
import { createToken, revokeTokens } from '../src/releases/tokens.ts';
import { corporationFile, startApp, writeFile } from './support/helpers.ts';

function publish(releasesDir: string, part: string, version: string): void {
  const dir = path.join(releasesDir, 'mf', part, version);
  if (part === 'host') {
    writeFile(path.join(dir, 'index.html'), `<!doctype html><title>host ${version}</title>`);
    writeFile(path.join(dir, 'sw.js'), `// service worker ${version}`);
  } else writeFile(path.join(dir, 'mf-manifest.json'), { name: part, version });
  writeFile(path.join(dir, 'release.json'), { version });
}

/** alpha and beta, each pinned to its own releases; a tracking canary of beta to roll back. */
async function scopeApp(config = {}) {
  const started = await startApp({
    config,
    corporations: [
      corporationFile('alpha', ['alpha.example', 'www.alpha.example'], {
        releases: { host: '1.0.0', tracking: '1.0.0', ordering: '1.0.0' },
      }),
      corporationFile('beta', ['beta.example'], {
        releases: { host: '2.0.0', tracking: '2.0.0', ordering: '1.0.0' },
      }),
    ],
  });
  const { releasesDir } = started.config;
  for (const part of ['host', 'tracking'])
    for (const v of ['1.0.0', '2.0.0']) publish(releasesDir, part, v);
  publish(releasesDir, 'ordering', '1.0.0');
  writeFile(path.join(releasesDir, 'channels.json'), { tracking: { stable: '1.0.0' } });
  writeFile(
    path.join(releasesDir, 'history.jsonl'),
    JSON.stringify({
      id: 1,
      at: '2026-01-01T00:00:00Z',
      target: 'corporation:beta',
      part: 'tracking',
      from: '1.0.0',
      to: '2.0.0',
    }) +
      '\n' +
      JSON.stringify({
        id: 2,
        at: '2026-01-01T00:00:00Z',
        target: 'channel:stable',
        part: 'tracking',
        from: null,
        to: '1.0.0',
      }) +
      '\n',
  );
  const db = started.app.services.storage.db;
  const now = Date.now();
  const tokens = {
    all: await createToken(db, { team: 'tracking', parts: ['tracking'], corporations: [] }, now),
    alpha: await createToken(
      db,
      { team: 'alpha-tracking', parts: ['tracking'], corporations: ['alpha'] },
      now,
    ),
    revoked: await createToken(
      db,
      { team: 'gone', parts: ['tracking', 'ordering'], corporations: [] },
      now,
    ),
  };
  await revokeTokens(db, 'gone', now);
  const call = async (token: string, method: 'GET' | 'POST', what: string, body?: object) =>
    (
      await started.app.inject({
        method,
        url: `/release/api/${what}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body ? { payload: body } : {}),
      })
    ).json();
  return { ...started, tokens, call };
}

/** Every file under the release and corporation folders with its hash: what a refusal must leave. */
function snapshot(...dirs: string[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const dir of dirs)
    for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isFile())
        files[file] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    }
  return files;
}

function upload(part: string, version: string) {
  const files: [string, Buffer][] = [
    ['mf-manifest.json', Buffer.from(`{"id":"${part}","v":"${version}"}`)],
    ['remoteEntry.js', Buffer.from(`var ${part};`)],
  ];
  return {
    part,
    version,
    record: { name: part, version, content_sha256: hashFiles(files) },
    files: Object.fromEntries(files.map(([name, bytes]) => [name, bytes.toString('base64')])),
  };
}

type Method = 'GET' | 'POST';
/** Each command as the caller sends it: for a part (`part`) and a corporation (`corporation`). */
const commands: Record<string, (part: string, corporation: string) => [Method, string, object?]> = {
  publish: (part) => ['POST', 'publish', upload(part, '3.0.0')],
  promote: (part) => ['POST', 'promote', { part, version: '1.0.0', channel: 'stable' }],
  'promote --canary': (part) => [
    'POST',
    'promote',
    { part, version: '2.0.0', channel: 'stable', canary: 5 },
  ],
  pin: (part, corporation) => ['POST', 'pin', { corporation, part, use: '1.0.0' }],
  'pin --canary': (part, corporation) => [
    'POST',
    'pin',
    { corporation, part, use: '1.0.0', canary: 5 },
  ],
  'rollback corporation': (part, corporation) => [
    'POST',
    'rollback',
    { target: `corporation:${corporation}`, part },
  ],
  'rollback channel': (part) => ['POST', 'rollback', { target: 'channel:stable', part }],
  health: (part, corporation) => ['GET', `health?corporation=${corporation}&part=${part}`],
};

describe('every release API command × a token out of scope', () => {
  for (const [name, command] of Object.entries(commands)) {
    test(`${name}: another part, another corporation, revoked, none`, async () => {
      const { call, tokens, config } = await scopeApp();
      const before = snapshot(config.releasesDir, config.corpDir);
      const cases: [string, string, [Method, string, object?], string][] = [
        ['another part', tokens.all, command('ordering', 'beta'), 'ACTION_ACCESS_DENIED'],
        ['another corporation', tokens.alpha, command('tracking', 'beta'), 'ACTION_ACCESS_DENIED'],
        ['revoked', tokens.revoked, command('tracking', 'beta'), 'ACCESS_DENIED'],
        ['none', '', command('tracking', 'beta'), 'ACCESS_DENIED'],
      ];
      for (const [who, token, [method, what, body], refusal] of cases) {
        const reply = await call(token, method, what, body);
        assert.equal(reply.error_data, refusal, `${name}, ${who}: ${JSON.stringify(reply)}`);
        assert.deepEqual(
          snapshot(config.releasesDir, config.corpDir),
          before,
          `${name}, ${who}: nothing changed`,
        );
      }
    });
  }

  test('list: another part or corporation is left out; a revoked token or none is refused', async () => {
    const { call, tokens } = await scopeApp();
    assert.deepEqual((await call(tokens.all, 'GET', 'list')).corporations, [
      { id: 'alpha', releases: { tracking: '1.0.0' } },
      { id: 'beta', releases: { tracking: '2.0.0' } },
    ]);
    assert.deepEqual((await call(tokens.alpha, 'GET', 'list')).corporations, [
      { id: 'alpha', releases: { tracking: '1.0.0' } },
    ]);
    assert.equal((await call(tokens.revoked, 'GET', 'list')).error_data, 'ACCESS_DENIED');
    assert.equal((await call('', 'GET', 'list')).error_data, 'ACCESS_DENIED');
  });

  test('health without a part reports only the parts of the token', async () => {
    const { call, tokens } = await scopeApp();
    const reply = await call(tokens.all, 'GET', 'health?corporation=beta');
    assert.equal(reply.status, 'OK');
    assert.deepEqual(
      reply.health.map((part: { part: string }) => part.part),
      ['tracking'],
    );
  });
});

describe('a team limited to some corporations', () => {
  test('cannot publish: the version stays free for the team of every corporation, and no corporation runs its build', async () => {
    const { app, call, tokens, config } = await scopeApp({ unpinnedReleases: 'none' });
    const squat = await call(tokens.alpha, 'POST', 'publish', upload('tracking', '9.0.0'));
    assert.equal(squat.error_data, 'ACTION_ACCESS_DENIED');
    assert.ok(!fs.existsSync(path.join(config.releasesDir, 'mf/tracking/9.0.0')));
    // The real 9.0.0 of the tracking team is published, and runs only where it is pinned.
    const real = upload('tracking', '9.0.0');
    real.files['remoteEntry.js'] = Buffer.from('var tracking = 9;').toString('base64');
    real.record.content_sha256 = hashFiles(
      Object.entries(real.files).map(([name, text]) => [name, Buffer.from(text, 'base64')]),
    );
    assert.equal(
      (await call(tokens.all, 'POST', 'publish', real)).result,
      'tracking 9.0.0: published',
    );
    for (const host of ['alpha.example', 'beta.example']) {
      const registry = (await app.inject({ url: '/remotes.json', headers: { host } })).json();
      assert.notEqual(registry.releases.tracking.version, '9.0.0', host);
    }
    // Within its corporations it pins what the others published.
    assert.equal(
      (
        await call(tokens.alpha, 'POST', 'pin', {
          corporation: 'alpha',
          part: 'tracking',
          use: '9.0.0',
        })
      ).status,
      'OK',
    );
  });
});

describe('a part no corporation pins', () => {
  test('runs nothing in production: no remote, no page, no service worker', async () => {
    const { app } = await startApp({
      config: { production: true, unpinnedReleases: 'none' },
      corporations: [corporationFile('demo', ['localhost'], { releases: { ordering: '1.0.0' } })],
    });
    const { releasesDir } = app.services.config;
    publish(releasesDir, 'host', '1.0.0');
    for (const part of ['ordering', 'tracking']) publish(releasesDir, part, '1.0.0');
    const registry = (await app.inject({ url: '/remotes.json' })).json();
    assert.deepEqual(Object.keys(registry.remotes), ['ordering']);
    assert.equal((await app.inject({ url: '/' })).statusCode, 503);
    assert.equal((await app.inject({ url: '/sw.js' })).statusCode, 404);
  });

  test('production refuses UNPINNED_RELEASES=newest and defaults to none; development to newest', () => {
    const production = {
      NODE_ENV: 'production',
      SMS_HTTP_URL: 'https://sms.example/send',
      ORDER_SECRET_KEY: 'k'.repeat(43),
    };
    assert.equal(configFromEnv(production).unpinnedReleases, 'none');
    assert.throws(
      () => configFromEnv({ ...production, UNPINNED_RELEASES: 'newest' }),
      /not allowed with NODE_ENV=production/,
    );
    assert.equal(configFromEnv({}).unpinnedReleases, 'newest');
    assert.equal(configFromEnv({ UNPINNED_RELEASES: 'none' }).unpinnedReleases, 'none');
  });

  test('the newest-published pointer is never written to a file nor read from one', async () => {
    const { config } = await scopeApp();
    const places = { releasesDir: config.releasesDir, corpDir: config.corpDir };
    assert.throws(() => pin(places, 'alpha', 'tracking', NEWEST), /not a version, channel or URL/);
    assert.throws(() => promote(places, 'tracking', '1.0.0', NEWEST), /not a version/);
    assert.throws(
      () =>
        parseCorporation(
          JSON.stringify(corporationFile('x', ['x.example'], { releases: { tracking: NEWEST } })),
        ),
      /releases/,
    );
  });
});

describe('the Host chooses the corporation of a page, its service worker and its registry', () => {
  const routes = [
    '/',
    '/?hostname=beta.example',
    '/t/ABC/secret?hostname=beta.example',
    '/profile?hostname=beta.example',
  ];
  test('a page under alpha with ?hostname=beta is alpha’s host release', async () => {
    const { app } = await scopeApp();
    for (const url of routes) {
      const reply = await app.inject({ url, headers: { host: 'alpha.example' } });
      assert.equal(reply.statusCode, 200, url);
      assert.match(reply.body, /<title>host 1\.0\.0<\/title>/, url);
    }
  });

  test('/sw.js and /remotes.json under alpha with ?hostname=beta are alpha’s', async () => {
    const { app } = await scopeApp();
    const sw = await app.inject({
      url: '/sw.js?hostname=beta.example',
      headers: { host: 'alpha.example' },
    });
    assert.equal(sw.body, '// service worker 1.0.0');
    const registry = await app.inject({
      url: '/remotes.json?hostname=beta.example&device=0f1e2d3c4b5a6978',
      headers: { host: 'alpha.example' },
    });
    assert.equal(registry.json().releases.tracking.version, '1.0.0');
  });

  test('settings.json answers the hostname asked for only when the Host serves it', async () => {
    const { app } = await scopeApp();
    const settings = (url: string, host: string) => app.inject({ url, headers: { host } });
    const foreign = await settings('/settings.json?t=1&hostname=beta.example', 'alpha.example');
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().error_data, 'NOT_FOUND');
    const own = await settings('/settings.json?t=1&hostname=alpha.example', 'www.alpha.example');
    assert.equal(own.json().corp, 'Taxi alpha');
    assert.equal((await settings('/settings.json?t=1', 'beta.example')).json().corp, 'Taxi beta');
  });
});
