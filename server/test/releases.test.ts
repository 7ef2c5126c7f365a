import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { compareVersions, isVersion } from '../src/releases/resolve.ts';
import { parseCorporation } from '../src/corporations/directory.ts';
import { corporationFile, startApp, writeFile } from './support/helpers.ts';

function publish(
  releasesDir: string,
  name: string,
  version: string,
  shared?: Record<string, string>,
): void {
  const dir = path.join(releasesDir, 'mf', name, version);
  if (name === 'host')
    writeFile(path.join(dir, 'index.html'), `<!doctype html><title>host ${version}</title>`);
  else writeFile(path.join(dir, 'mf-manifest.json'), { name, version });
  writeFile(path.join(dir, 'release.json'), shared ? { version, shared } : { version });
  writeFile(path.join(dir, 'main.js'), `console.log(${JSON.stringify(`${name} ${version}`)})`);
}

describe('remotes.json', () => {
  test('maps each remote to its manifest: version, channel, URL, or the highest published', async () => {
    const { app, config } = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], {
          releases: {
            ordering: '1.0.0',
            tracking: 'stable',
            account: 'https://cdn.example/account/mf-manifest.json',
          },
        }),
      ],
    });
    for (const version of ['1.0.0', '1.2.0']) publish(config.releasesDir, 'ordering', version);
    for (const version of ['2.0.0', '2.1.0']) publish(config.releasesDir, 'tracking', version);
    for (const version of ['0.9.0', '0.10.0', '0.11.0-beta.1'])
      publish(config.releasesDir, 'legal', version);
    writeFile(path.join(config.releasesDir, 'channels.json'), {
      tracking: { stable: '2.0.0', beta: '2.1.0' },
    });

    const reply = await app.inject({ url: '/remotes.json?hostname=localhost' });
    assert.equal(reply.statusCode, 200);
    assert.equal(reply.headers['cache-control'], 'no-cache');
    assert.deepEqual(reply.json().remotes, {
      ordering: '/mf/ordering/1.0.0/mf-manifest.json',
      tracking: '/mf/tracking/2.0.0/mf-manifest.json',
      account: 'https://cdn.example/account/mf-manifest.json',
      legal: '/mf/legal/0.11.0-beta.1/mf-manifest.json',
    });
  });

  test('leaves out remotes without a release, an unpublished version, or an unknown channel', async () => {
    const { app, config } = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], {
          releases: { ordering: '9.9.9', tracking: 'nightly' },
        }),
      ],
    });
    publish(config.releasesDir, 'ordering', '1.0.0');
    publish(config.releasesDir, 'tracking', '1.0.0');
    writeFile(
      path.join(config.releasesDir, 'mf/legal/1.0.0/main.js'),
      '// a folder without its manifest',
    );
    assert.deepEqual((await app.inject({ url: '/remotes.json?hostname=localhost' })).json(), {
      remotes: {},
      releases: {},
      bucket: 'stable',
      buckets: {},
    });
  });

  test('describes each release: version, the shared contract it was built against, the pinned fallback', async () => {
    const { app, config } = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], {
          releases: { tracking: { use: 'beta', fallback: '1.0.0' }, legal: '2.0.0' },
        }),
      ],
    });
    publish(config.releasesDir, 'tracking', '1.0.0', { react: '19.3.1', '@taxi/shared': '1.0.0' });
    publish(config.releasesDir, 'tracking', '2.0.0', { react: '20.0.0', '@taxi/shared': '2.0.0' });
    publish(config.releasesDir, 'legal', '2.0.0', { react: '19.3.1' });
    writeFile(path.join(config.releasesDir, 'channels.json'), { tracking: { beta: '2.0.0' } });

    const { releases } = (await app.inject({ url: '/remotes.json?hostname=localhost' })).json();
    assert.deepEqual(releases.tracking, {
      url: '/mf/tracking/2.0.0/mf-manifest.json',
      version: '2.0.0',
      shared: { react: '20.0.0', '@taxi/shared': '2.0.0' },
      fallback: {
        url: '/mf/tracking/1.0.0/mf-manifest.json',
        version: '1.0.0',
        shared: { react: '19.3.1', '@taxi/shared': '1.0.0' },
      },
    });
    assert.deepEqual(releases.legal, {
      url: '/mf/legal/2.0.0/mf-manifest.json',
      version: '2.0.0',
      shared: { react: '19.3.1' },
    });
  });

  test('a corporation file with a malformed release pointer is refused', () => {
    assert.throws(
      () =>
        parseCorporation(
          JSON.stringify({
            id: 'x',
            hostnames: ['x'],
            settings: {},
            releases: { tracking: { fallback: '1.0.0' } },
          }),
        ),
      /releases/,
    );
  });

  test('versions sort as semver', () => {
    const sorted = ['1.10.0', '1.2.0', '1.2.0-rc.2', '1.2.0-rc.10', '0.9.9'].sort(compareVersions);
    assert.deepEqual(sorted, ['0.9.9', '1.2.0-rc.2', '1.2.0-rc.10', '1.2.0', '1.10.0']);
    // Pre-release identifiers compare in ASCII order, numeric ones below the others.
    assert.deepEqual(['1.0.0-rc.1', '1.0.0-RC.2'].sort(compareVersions), [
      '1.0.0-RC.2',
      '1.0.0-rc.1',
    ]);
    assert.deepEqual(['1.0.0-alpha', '1.0.0-1'].sort(compareVersions), ['1.0.0-1', '1.0.0-alpha']);
  });

  test('a version is strict semver without build metadata', () => {
    for (const version of ['1.2.3', '0.0.1-rc.1', '10.20.30-beta-2'])
      assert.ok(isVersion(version), version);
    for (const version of ['01.2.3', '1.2', 'v1.2.3', '1.2.3+build.5', '1.2.3-', '../1.2.3', ''])
      assert.ok(!isVersion(version), version);
  });
});

describe('/mf/ release files', () => {
  test('code is immutable, manifests and release records are revalidated', async () => {
    const { app, config } = await startApp();
    publish(config.releasesDir, 'tracking', '1.4.2');
    const code = await app.inject({ url: '/mf/tracking/1.4.2/main.js' });
    assert.equal(code.statusCode, 200);
    assert.equal(code.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(code.headers['content-type']), /javascript/);
    for (const file of ['mf-manifest.json', 'release.json']) {
      const reply = await app.inject({ url: `/mf/tracking/1.4.2/${file}` });
      assert.equal(reply.statusCode, 200);
      assert.equal(reply.headers['cache-control'], 'no-cache');
    }
  });

  test('precompressed copies are sent to browsers that accept them', async () => {
    const { app, config } = await startApp();
    publish(config.releasesDir, 'tracking', '1.4.2');
    writeFile(path.join(config.releasesDir, 'mf/tracking/1.4.2/main.js.br'), 'brotli bytes');
    const br = await app.inject({
      url: '/mf/tracking/1.4.2/main.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.body, 'brotli bytes');
    assert.match(String(br.headers['content-type']), /javascript/);
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    const plain = await app.inject({ url: '/mf/tracking/1.4.2/main.js' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(plain.body, /console\.log/);

    // The compressed manifest is revalidated like the manifest itself.
    writeFile(
      path.join(config.releasesDir, 'mf/tracking/1.4.2/mf-manifest.json.br'),
      'brotli manifest',
    );
    const manifest = await app.inject({
      url: '/mf/tracking/1.4.2/mf-manifest.json',
      headers: { 'accept-encoding': 'br' },
    });
    assert.equal(manifest.headers['content-encoding'], 'br');
    assert.equal(manifest.headers['cache-control'], 'no-cache');
  });

  test('missing files are 404 and no path escapes the releases folder', async () => {
    const { app, config } = await startApp();
    publish(config.releasesDir, 'tracking', '1.4.2');
    writeFile(path.join(config.releasesDir, 'secret.txt'), 'top secret');
    writeFile(path.join(config.releasesDir, 'mf/tracking/1.4.2/.env'), 'top secret');
    assert.equal((await app.inject({ url: '/mf/tracking/1.4.2/nope.js' })).statusCode, 404);
    for (const url of [
      '/mf/../secret.txt',
      '/mf/%2e%2e/secret.txt',
      '/mf/tracking/..%2f..%2fsecret.txt',
      '/mf/tracking/1.4.2/%2e%2e/%2e%2e/%2e%2e/secret.txt',
      '/mf/tracking/1.4.2/.env',
      '/mf/tracking/1.4.2/..%5c..%5c..%5csecret.txt',
    ]) {
      const reply = await app.inject({ url });
      assert.notEqual(reply.statusCode, 200, url);
      assert.doesNotMatch(reply.body, /top secret/, url);
    }
  });
});

describe('the single-page app', () => {
  test('every screen path gets the host release index.html, uncached', async () => {
    const { app, config } = await startApp({
      corporations: [corporationFile('demo', ['localhost'], { releases: { host: 'live' } })],
    });
    publish(config.releasesDir, 'host', '1.0.0');
    publish(config.releasesDir, 'host', '1.1.0');
    writeFile(path.join(config.releasesDir, 'channels.json'), { host: { live: '1.0.0' } });
    for (const url of [
      '/',
      '/auth/',
      '/history/',
      '/track/?o=abc&p=def',
      '/t/abc/def',
      '/rate/',
      '/r/abc/def',
      '/maintenance/',
    ]) {
      const reply = await app.inject({ url, headers: { host: 'localhost:8080' } });
      assert.equal(reply.statusCode, 200, url);
      assert.equal(reply.headers['cache-control'], 'no-cache', url);
      assert.match(String(reply.headers['content-type']), /^text\/html/, url);
      assert.match(reply.body, /host 1\.0\.0/, url);
    }
  });

  test('API and file paths are never answered with the page', async () => {
    const { app, config } = await startApp();
    publish(config.releasesDir, 'host', '1.0.0');
    for (const url of [
      '/api/9/',
      '/rate/api/2/',
      '/track/api/1/x',
      '/mf/none/1.0.0/x.js',
      '/dev/nothing',
      '/report/x',
      '/brand/x.svg',
      '/other.json',
    ]) {
      const reply = await app.inject({ url, headers: { host: 'localhost' } });
      assert.equal(reply.statusCode, 404, url);
      assert.equal(reply.json().error_data, 'NOT_FOUND', url);
    }
  });

  test('/sw.js is the service worker of the host release, revalidated on every check', async () => {
    const { app, config } = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], { releases: { host: '1.0.0' } }),
        corporationFile('other', ['other.localhost'], { releases: { host: '1.1.0' } }),
        corporationFile('old', ['old.localhost'], { releases: { host: '0.9.0' } }),
      ],
    });
    const noWorker = await app.inject({ url: '/sw.js', headers: { host: 'localhost' } });
    assert.equal(noWorker.statusCode, 404, 'before a host build exists');
    assert.equal(noWorker.json().error_data, 'NOT_FOUND');

    for (const version of ['1.0.0', '1.1.0']) {
      publish(config.releasesDir, 'host', version);
      writeFile(path.join(config.releasesDir, 'mf/host', version, 'sw.js'), `// worker ${version}`);
    }
    for (const [host, version] of [
      ['localhost:8080', '1.0.0'],
      ['other.localhost', '1.1.0'],
    ] as const) {
      const reply = await app.inject({ url: '/sw.js', headers: { host } });
      assert.equal(reply.statusCode, 200, host);
      assert.equal(reply.headers['cache-control'], 'no-cache', host);
      assert.match(String(reply.headers['content-type']), /^application\/javascript/, host);
      assert.equal(reply.body, `// worker ${version}`, host);
      assert.equal(reply.headers['service-worker-allowed'], undefined, 'the root scope is its own');
    }

    // A host release built before the worker existed has none: 404, never the page.
    publish(config.releasesDir, 'host', '0.9.0');
    const reply = await app.inject({ url: '/sw.js', headers: { host: 'old.localhost' } });
    assert.equal(reply.statusCode, 404);
    assert.equal(reply.json().error_data, 'NOT_FOUND');
  });

  test('before the first build the page is a 503 saying so', async () => {
    const { app } = await startApp();
    const reply = await app.inject({ url: '/', headers: { host: 'localhost' } });
    assert.equal(reply.statusCode, 503);
    assert.match(reply.body, /not been built yet/);
  });
});
