// The release API: team tokens scoped to parts and corporations, verified immutable uploads,
// changes written to the history with the team, and its refusals.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { hashFiles } from '../src/releases/files.ts';
import { createToken, revokeTokens } from '../src/releases/tokens.ts';
import { corporationFile, startApp, writeFile } from './support/helpers.ts';

async function apiApp() {
  const started = await startApp({
    corporations: [
      corporationFile('demo', ['localhost'], {
        releases: { tracking: '1.0.0', ordering: '1.0.0' },
      }),
      corporationFile('other', ['other.example']),
    ],
  });
  for (const part of ['tracking', 'ordering'])
    writeFile(path.join(started.config.releasesDir, 'mf', part, '1.0.0', 'mf-manifest.json'), {});
  const db = started.app.services.storage.db;
  const now = Date.now();
  const tokens = {
    tracking: await createToken(
      db,
      { team: 'tracking', parts: ['tracking'], corporations: [] },
      now,
    ),
    ordering: await createToken(
      db,
      { team: 'ordering', parts: ['ordering'], corporations: ['demo'] },
      now,
    ),
  };
  const call = async (
    token: string,
    method: 'GET' | 'POST',
    what: string,
    body?: object,
    headers = {},
  ) =>
    (
      await started.app.inject({
        method,
        url: `/release/api/${what}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
        ...(body ? { payload: body } : {}),
      })
    ).json();
  const history = () =>
    fs
      .readFileSync(path.join(started.config.releasesDir, 'history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  return { ...started, tokens, call, history };
}

function upload(part: string, version: string, files: Record<string, string>) {
  const buffers = Object.entries(files).map(
    ([name, content]) => [name, Buffer.from(content)] as [string, Buffer],
  );
  return {
    part,
    version,
    record: {
      name: part,
      version,
      content_sha256: hashFiles(buffers),
      shared: { react: '19.3.1' },
    },
    files: Object.fromEntries(buffers.map(([name, bytes]) => [name, bytes.toString('base64')])),
  };
}

const build = {
  'mf-manifest.json': '{"id":"tracking"}',
  'remoteEntry.js': 'var tracking;',
  'js/1.abc.js': '1',
};

test('a team publishes its part: verified against its record, stored whole and immutable, in the history', async () => {
  const { call, tokens, config, history } = await apiApp();
  assert.deepEqual(
    await call(tokens.tracking, 'POST', 'publish', upload('tracking', '1.1.0', build)),
    {
      status: 'OK',
      result: 'tracking 1.1.0: published',
    },
  );
  const dir = path.join(config.releasesDir, 'mf/tracking/1.1.0');
  assert.equal(fs.readFileSync(path.join(dir, 'js/1.abc.js'), 'utf8'), '1');
  assert.ok(fs.existsSync(path.join(dir, 'remoteEntry.js.br')), 'compressed copies');
  const record = JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8'));
  assert.equal(record.uploaded_by, 'team:tracking');
  assert.deepEqual(history().at(-1), {
    ...history().at(-1),
    target: 'published',
    part: 'tracking',
    to: '1.1.0',
    by: 'team:tracking',
  });

  // The same bytes again: nothing to do; other bytes under the same version: refused.
  assert.match(
    (await call(tokens.tracking, 'POST', 'publish', upload('tracking', '1.1.0', build))).result,
    /unchanged/,
  );
  const other = await call(
    tokens.tracking,
    'POST',
    'publish',
    upload('tracking', '1.1.0', { ...build, 'remoteEntry.js': 'x' }),
  );
  assert.equal(other.error_data, 'ACTION_NOT_ALLOWED');
  assert.match(other.status_mesg, /bump the version/);

  // Bytes that are not what the record says, a record of another version, a path out of the folder.
  const tampered = upload('tracking', '1.2.0', build);
  tampered.files['remoteEntry.js'] = Buffer.from('evil()').toString('base64');
  assert.equal((await call(tokens.tracking, 'POST', 'publish', tampered)).error_data, 'DOC_ERROR');
  const mislabelled = upload('tracking', '1.2.0', build);
  mislabelled.record.version = '1.3.0';
  assert.equal(
    (await call(tokens.tracking, 'POST', 'publish', mislabelled)).error_data,
    'DOC_ERROR',
  );
  const noManifest = upload('tracking', '1.2.0', { 'remoteEntry.js': 'x' });
  assert.equal(
    (await call(tokens.tracking, 'POST', 'publish', noManifest)).error_data,
    'DOC_ERROR',
  );
  const escaping = upload('tracking', '1.2.0', { ...build, '../../corporations/x.json': '{}' });
  assert.equal((await call(tokens.tracking, 'POST', 'publish', escaping)).error_data, 'ARG_ERROR');
  assert.ok(!fs.existsSync(path.join(config.releasesDir, 'mf/tracking/1.2.0')));
});

test("the tracking team's token cannot publish or pin ordering; a corporation-scoped token cannot move a channel", async () => {
  const { call, tokens, config, history } = await apiApp();
  const before = fs.readFileSync(path.join(config.corpDir, 'demo.json'), 'utf8');
  const publish = await call(
    tokens.tracking,
    'POST',
    'publish',
    upload('ordering', '1.1.0', build),
  );
  assert.equal(publish.error_data, 'ACTION_ACCESS_DENIED');
  const pin = await call(tokens.tracking, 'POST', 'pin', {
    corporation: 'demo',
    part: 'ordering',
    use: '1.0.0',
  });
  assert.equal(pin.error_data, 'ACTION_ACCESS_DENIED');
  assert.equal(fs.readFileSync(path.join(config.corpDir, 'demo.json'), 'utf8'), before);
  assert.ok(!fs.existsSync(path.join(config.releasesDir, 'mf/ordering/1.1.0')));

  const channel = await call(tokens.ordering, 'POST', 'promote', {
    part: 'ordering',
    version: '1.0.0',
    channel: 'stable',
  });
  assert.equal(channel.error_data, 'ACTION_ACCESS_DENIED');
  const elsewhere = await call(tokens.ordering, 'POST', 'pin', {
    corporation: 'other',
    part: 'ordering',
    use: '1.0.0',
  });
  assert.equal(elsewhere.error_data, 'ACTION_ACCESS_DENIED');

  // Within its scope: a canary pin, written with the team, and a rollback of it.
  const canary = await call(tokens.ordering, 'POST', 'pin', {
    corporation: 'demo',
    part: 'ordering',
    use: '1.0.0',
    canary: 10,
  });
  assert.equal(canary.status, 'OK');
  assert.deepEqual(canary.change.to, { use: '1.0.0', canary: { use: '1.0.0', percent: 10 } });
  const undo = await call(tokens.ordering, 'POST', 'rollback', {
    target: 'corporation:demo',
    part: 'ordering',
  });
  assert.equal(undo.change.undoes, canary.change.id);
  assert.deepEqual(
    history().map((change) => change.by),
    ['team:ordering', 'team:ordering'],
  );
  assert.equal(
    (
      await call(tokens.tracking, 'POST', 'promote', {
        part: 'tracking',
        version: '1.0.0',
        channel: 'stable',
      })
    ).status,
    'OK',
  );

  const list = await call(tokens.ordering, 'GET', 'list');
  assert.deepEqual(list.corporations, [{ id: 'demo', releases: { ordering: '1.0.0' } }]);
  const health = await call(tokens.tracking, 'GET', 'health?corporation=demo&part=tracking');
  assert.equal(health.status, 'OK');
  assert.equal(health.health[0].stable, '1.0.0');
});

test('no token, a revoked or unknown one, a web page, or too many calls: refused', async () => {
  const { app, call, tokens } = await apiApp();
  assert.equal((await call('', 'GET', 'list')).error_data, 'ACCESS_DENIED');
  assert.equal((await call('taxirel_nonsense', 'GET', 'list')).error_data, 'ACCESS_DENIED');
  const fromPage = await call(tokens.tracking, 'GET', 'list', undefined, {
    origin: 'https://evil.example',
  });
  assert.equal(fromPage.error_data, 'ACTION_NOT_ALLOWED');
  const crossSite = await call(tokens.tracking, 'GET', 'list', undefined, {
    'sec-fetch-site': 'cross-site',
  });
  assert.equal(crossSite.error_data, 'ACTION_NOT_ALLOWED');
  await revokeTokens(app.services.storage.db, 'tracking', Date.now());
  assert.equal((await call(tokens.tracking, 'GET', 'list')).error_data, 'ACCESS_DENIED');

  let refused = 0;
  for (let i = 0; i < 60; i++)
    if ((await call(tokens.ordering, 'GET', 'list')).status !== 'OK') refused++;
  assert.ok(refused > 0, 'the address used up its calls');
  const last = await call(tokens.ordering, 'GET', 'list');
  assert.equal(last.error_data, 'ACTION_NOT_ALLOWED');
  assert.match(last.status_mesg, /Too many/);
});

test('each call is checked against its schema: a missing or mistyped field is ARG_ERROR naming it, a value out of bounds INVALID_DATA, and nothing moves', async () => {
  const { call, tokens, config } = await apiApp();
  const refusals: [string, 'GET' | 'POST', object | undefined, string, RegExp][] = [
    [
      'publish',
      'POST',
      { ...upload('tracking', '1.2.0', build), part: 'map' },
      'ARG_ERROR',
      /^part: expected one of host, ordering/,
    ],
    [
      'publish',
      'POST',
      { ...upload('tracking', '1.2.0', build), files: ['remoteEntry.js'] },
      'ARG_ERROR',
      /^files: expected build files/,
    ],
    [
      'publish',
      'POST',
      { ...upload('tracking', '1.2.0', build), record: 'tracking' },
      'ARG_ERROR',
      /^record: expected the release record/,
    ],
    [
      'promote',
      'POST',
      { part: 'tracking', version: '1.0.0', channel: 'stable', canary: 'five' },
      'ARG_ERROR',
      /^canary: expected a number/,
    ],
    [
      'promote',
      'POST',
      { part: 'tracking', version: '1.0.0', channel: 'stable', canary: 150 },
      'INVALID_DATA',
      /^canary: from 0 to 100/,
    ],
    [
      'promote',
      'POST',
      { part: 'tracking', version: '1.0.0' },
      'ARG_ERROR',
      /^channel: expected a value/,
    ],
    [
      'pin',
      'POST',
      { part: 'tracking', corporation: 'demo', use: 'x'.repeat(2001) },
      'INVALID_DATA',
      /^use: at most 2000 characters/,
    ],
    [
      'rollback',
      'POST',
      { part: 'tracking', target: 'demo' },
      'ARG_ERROR',
      /^target: expected corporation:ID or channel:NAME/,
    ],
    ['health?corporation=demo&hours=0', 'GET', undefined, 'INVALID_DATA', /^hours: from 1 to 744/],
    [
      'health?corporation=demo&hours=many',
      'GET',
      undefined,
      'ARG_ERROR',
      /^hours: expected a whole number/,
    ],
    ['health', 'GET', undefined, 'ARG_ERROR', /^corporation: expected a value/],
  ];
  for (const [what, method, body, code, message] of refusals) {
    const reply = await call(tokens.tracking, method, what, body);
    assert.equal(reply.error_data, code, `${what} ${JSON.stringify(body)?.slice(0, 120)}`);
    assert.match(reply.status_mesg, message, what);
  }
  assert.ok(!fs.existsSync(path.join(config.releasesDir, 'mf/tracking/1.2.0')));
  assert.ok(!fs.existsSync(path.join(config.releasesDir, 'history.jsonl')));
});
