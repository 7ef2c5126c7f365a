// The page preloads the files of the remote screen it opens on: one round trip for the host's
// scripts and the screen's, instead of manifest, then entry, then chunks.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { corporationFile, startApp, writeFile } from '../support/helpers.ts';

const preloads = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? [];

async function appWithReleases(releases: Record<string, unknown> = {}) {
  const started = await startApp({
    corporations: [corporationFile('demo', ['localhost'], { releases })],
  });
  const mf = path.join(started.config.releasesDir, 'mf');
  writeFile(
    path.join(mf, 'host/1.0.0/index.html'),
    '<!doctype html><html><head><title>Taxi</title></head><body></body></html>',
  );
  writeFile(path.join(mf, 'host/1.0.0/routes.json'), [
    { pattern: '^/*auth/*$', remote: 'account', module: './Auth' },
    { pattern: '^/*t/+[^/]+/+[^/]+/*$', remote: 'tracking', module: './Track' },
  ]);
  for (const [part, version, module] of [
    ['account', '2.0.0', './Auth'],
    ['tracking', '3.0.0', './Track'],
    ['tracking', '3.1.0', './Track'],
  ] as const) {
    writeFile(path.join(mf, part, version, 'mf-manifest.json'), {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { path: './Other', assets: { js: { sync: ['other.js'], async: [] } } },
        {
          path: module,
          assets: { js: { sync: ['1.ab.js', 'screen.cd.js'], async: ['map.ef.js'] } },
        },
      ],
    });
  }
  return started.app;
}

test("a screen's manifest, remote entry and synchronous chunks are preloaded, not its async chunks", async () => {
  const app = await appWithReleases({ tracking: '3.0.0' });
  const page = await app.inject({ url: '/t/AB12CD/secret' });
  assert.equal(page.statusCode, 200);
  assert.deepEqual(preloads(page.body), [
    '<link rel="preload" as="fetch" crossorigin="anonymous" href="/mf/tracking/3.0.0/mf-manifest.json">',
    '<link rel="preload" as="script" href="/mf/tracking/3.0.0/remoteEntry.js">',
    '<link rel="preload" as="script" href="/mf/tracking/3.0.0/1.ab.js">',
    '<link rel="preload" as="script" href="/mf/tracking/3.0.0/screen.cd.js">',
  ]);
  assert.match(page.body, /<link rel="preload"[^>]*screen\.cd\.js"><\/head>/);
  // Without a pin, the highest published release.
  const login = await app.inject({ url: '/auth/?next=x' });
  assert.match(preloads(login.body)[0] ?? '', /\/mf\/account\/2\.0\.0\/mf-manifest\.json/);
});

test('nothing is preloaded for a path of no remote screen, a part with a canary, or a release without routes.json', async () => {
  const app = await appWithReleases({
    tracking: { use: '3.0.0', canary: { use: '3.1.0', percent: 10 } },
  });
  assert.deepEqual(preloads((await app.inject({ url: '/maintenance/' })).body), []);
  // The device, not the server, knows whether it gets the canary.
  assert.deepEqual(preloads((await app.inject({ url: '/t/AB12CD/secret' })).body), []);
  const { config } = app.services;
  writeFile(path.join(config.releasesDir, 'mf/host/1.0.0/routes.json'), 'not json');
  const page = await app.inject({ url: '/auth/' });
  assert.equal(page.statusCode, 200);
  assert.deepEqual(preloads(page.body), []);
});

test('a manifest naming a file that is no plain file name puts nothing into the page', async () => {
  const app = await appWithReleases();
  writeFile(path.join(app.services.config.releasesDir, 'mf/account/2.0.0/mf-manifest.json'), {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ path: './Auth', assets: { js: { sync: ['"><script>alert(1)</script>.js'] } } }],
  });
  const page = await app.inject({ url: '/auth/' });
  assert.deepEqual(preloads(page.body), []);
  assert.doesNotMatch(page.body, /alert/);
});
