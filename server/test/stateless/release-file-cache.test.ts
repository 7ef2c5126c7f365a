// The release files read on every page view and registry (index.html, routes.json,
// mf-manifest.json, release.json) are read from disk once per version of the file; a
// `publish --replace` (another process writing the folder anew) still takes effect.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { describe, mock, test } from 'node:test';
import { CACHED_FILES, keptFiles, releaseFile } from '../../src/releases/file-cache.ts';
import { corporationFile, startApp, tempDir, writeFile } from '../support/helpers.ts';

/** Publishes host `version` (index.html saying `text`, routes.json) and tracking 1.0.0. */
function publishRelease(releasesDir: string, version: string, text: string): void {
  const host = path.join(releasesDir, 'mf', 'host', version);
  fs.rmSync(host, { recursive: true, force: true });
  writeFile(
    path.join(host, 'index.html'),
    `<!doctype html><head><title>${text}</title></head><div id="root"></div>`,
  );
  writeFile(path.join(host, 'routes.json'), [
    { pattern: '^/t/[^/]+/[^/]+$', layout: 'map', remote: 'tracking', module: './Track' },
  ]);
  writeFile(path.join(host, 'release.json'), { version });
  const tracking = path.join(releasesDir, 'mf', 'tracking', '1.0.0');
  writeFile(path.join(tracking, 'mf-manifest.json'), {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ path: './Track', assets: { js: { sync: ['track.js'] } } }],
  });
  writeFile(path.join(tracking, 'release.json'), { version: '1.0.0' });
}

/** The release files fs.readFile opened during `run`, by name. */
async function filesRead(run: () => Promise<void>): Promise<string[]> {
  const readFile = mock.method(fsPromises, 'readFile');
  try {
    await run();
    return readFile.mock.calls.map((call) => path.basename(String(call.arguments[0])));
  } finally {
    readFile.mock.restore();
  }
}

describe('release files in memory', () => {
  test('a page view reads index.html, routes.json and the manifest once per version', async () => {
    const { app, config } = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], { releases: { host: '1.0.0', tracking: '1.0.0' } }),
      ],
    });
    publishRelease(config.releasesDir, '1.0.0', 'first build');
    const view = () => app.inject({ url: '/t/abc/def', headers: { host: 'localhost' } });
    const first = await view();
    assert.match(first.body, /first build/);
    assert.match(first.body, /rel="preload" as="script" href="\/mf\/tracking\/1\.0\.0\/track\.js"/);

    const read = await filesRead(async () => {
      for (let i = 0; i < 3; i++) assert.match((await view()).body, /first build/);
      await app.inject({ url: '/remotes.json?hostname=localhost' });
    });
    for (const file of ['index.html', 'routes.json', 'mf-manifest.json', 'release.json'])
      assert.ok(!read.includes(file), `${file} read again: ${read.join(', ')}`);
  });

  test('publish --replace takes effect on the next view', async () => {
    const { app, config } = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], { releases: { host: '1.0.0', tracking: '1.0.0' } }),
      ],
    });
    publishRelease(config.releasesDir, '1.0.0', 'build AAAA');
    const view = () => app.inject({ url: '/t/abc/def', headers: { host: 'localhost' } });
    assert.match((await view()).body, /build AAAA/);
    // The same version written anew with other content of the same size.
    publishRelease(config.releasesDir, '1.0.0', 'build BBBB');
    assert.match((await view()).body, /build BBBB/);
  });

  test('keeps at most CACHED_FILES files, the least recently read going first', async () => {
    const dir = tempDir();
    const files = Array.from({ length: CACHED_FILES + 1 }, (_, i) => path.join(dir, `${i}.json`));
    for (const file of files) writeFile(file, '{}');
    for (const file of files) await releaseFile(file);
    assert.equal(keptFiles(), CACHED_FILES);
    const read = await filesRead(async () => {
      await releaseFile(files.at(-1)!);
      await releaseFile(files[0]!);
    });
    assert.deepEqual(read, ['0.json'], 'the newest is kept, the oldest was dropped');
  });

  test('a missing file still fails as a read would', async () => {
    await assert.rejects(releaseFile(path.join(tempDir(), 'index.html')), { code: 'ENOENT' });
  });
});
