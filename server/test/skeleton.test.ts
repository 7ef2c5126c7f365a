// The page arrives painted: the corporation's colour and logo and a skeleton of the route's
// layout inside #root, before any script has run (issue 16).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { corporationFile, startApp, writeFile } from './helpers.ts';

async function appFor(settings: Record<string, unknown>, routes?: unknown) {
  const { app, config } = await startApp({
    corporations: [corporationFile('demo', ['localhost'], { settings })],
  });
  const host = path.join(config.releasesDir, 'mf/host/1.0.0');
  writeFile(
    path.join(host, 'index.html'),
    '<!doctype html><html><head><meta name=theme-color content=#f5b400><title>Taxi</title></head><body><div id=root></div></body></html>',
  );
  if (routes) writeFile(path.join(host, 'routes.json'), routes);
  return app;
}

const rootOf = (html: string) => /<div id="root">(.*)<\/div><\/body>/.exec(html)?.[1] ?? '';

test("the route's layout with the corporation's logo and colour, hidden from assistive technology", async () => {
  const app = await appFor(
    { corp: 'Wisła Taxi', corp_logo: '/brand/wisla/logo.svg', color: '#0a7d3b' },
    [
      { pattern: '^/*t/+[^/]+/+[^/]+/*$', layout: 'map', remote: 'tracking', module: './Track' },
      { pattern: '^/*auth/*$', layout: 'default', remote: 'account', module: './Auth' },
    ],
  );
  const track = (await app.inject({ url: '/t/AB12/secret' })).body;
  assert.match(
    rootOf(track),
    /^<div class="sk sk--map" aria-hidden="true" style="--sk-brand:#0a7d3b">/,
  );
  assert.match(rootOf(track), /<div class="sk-map"><\/div>/);
  assert.match(rootOf(track), /<img class="sk-logo" src="\/brand\/wisla\/logo.svg" alt="">/);
  assert.match(track, /<meta name="theme-color" content="#0a7d3b">/);
  assert.doesNotMatch(track, /#f5b400/);
  const login = (await app.inject({ url: '/auth/' })).body;
  assert.match(rootOf(login), /^<div class="sk sk--default"/);
  assert.doesNotMatch(rootOf(login), /sk-map/);
});

test('the name instead of a logo that is not the corporation’s path or https, escaped; no bad colour', async () => {
  for (const corp_logo of ['//evil.example/logo.svg', 'javascript:alert(1)', '', 42]) {
    const app = await appFor({ corp: 'A & <B>', corp_logo, color: 'red;}body{display:none' });
    const root = rootOf((await app.inject({ url: '/regulations/' })).body);
    // A host release without routes.json: the default layout.
    assert.match(root, /^<div class="sk sk--default" aria-hidden="true">/);
    assert.match(root, /<span class="sk-name">A &amp; &lt;B&gt;<\/span>/);
    assert.doesNotMatch(root, /<img|evil|javascript|display:none/);
  }
});
