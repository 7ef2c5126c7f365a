// The page arrives painted: the corporation's colour and logo and a skeleton of the route's
// layout inside #root, before any script has run.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { pageRevision } from '../../src/releases/plugin.ts';
import { corporationFile, startApp, writeFile } from '../support/helpers.ts';

async function appFor(settings: Record<string, unknown>, routes?: unknown) {
  return (await startFor(settings, routes)).app;
}

async function startFor(settings: Record<string, unknown>, routes?: unknown) {
  const started = await startApp({
    corporations: [corporationFile('demo', ['localhost'], { settings })],
  });
  const host = path.join(started.config.releasesDir, 'mf/host/1.0.0');
  writeFile(
    path.join(host, 'index.html'),
    '<!doctype html><html><head><meta name=theme-color content=#f5b400><title>Taxi</title></head><body><div id=root></div></body></html>',
  );
  if (routes) writeFile(path.join(host, 'routes.json'), routes);
  return started;
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
  assert.match(rootOf(track), /^<div class="sk sk--map" aria-hidden="true">/);
  assert.match(rootOf(track), /<div class="sk-map"><\/div>/);
  assert.match(rootOf(track), /<img class="sk-logo" src="\/brand\/wisla\/logo.svg" alt="">/);
  // The colour by a <style> of its own (allowed by its hash), never a style attribute.
  assert.match(
    track,
    /<meta name="theme-color" content="#0a7d3b"><style>\.sk\{--sk-brand:#0a7d3b\}<\/style>/,
  );
  assert.doesNotMatch(track, /\sstyle=/);
  assert.doesNotMatch(track, /#f5b400/);
  const login = (await app.inject({ url: '/auth/' })).body;
  assert.match(rootOf(login), /^<div class="sk sk--default"/);
  assert.doesNotMatch(rootOf(login), /sk-map/);
});

test('the name instead of a logo that is not the corporation’s path or https, escaped; no bad colour', async () => {
  // (A logo that is no string at all refuses the file at load: corporations.test.ts.)
  for (const corp_logo of ['//evil.example/logo.svg', 'javascript:alert(1)', '']) {
    const app = await appFor({ corp: 'A & <B>', corp_logo, color: 'red;}body{display:none' });
    const root = rootOf((await app.inject({ url: '/regulations/' })).body);
    // A host release without routes.json: the default layout.
    assert.match(root, /^<div class="sk sk--default" aria-hidden="true">/);
    assert.match(root, /<span class="sk-name">A &amp; &lt;B&gt;<\/span>/);
    assert.doesNotMatch(root, /<img|evil|javascript|display:none/);
  }
});

test('a small logo of the corporation’s own travels inside the page; a large one, or one outside its folder, does not', async () => {
  const logo =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 4"><rect width="10" height="4"/></svg>';
  const { app, config } = await startFor({
    corp: 'Wisła Taxi',
    corp_logo: '/brand/wisla/logo.svg',
  });
  const assets = path.join(config.corpDir, 'assets');
  writeFile(path.join(assets, 'wisla/logo.svg'), logo);
  writeFile(
    path.join(assets, 'wisla/large.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(9000)}</svg>`,
  );
  writeFile(path.join(config.corpDir, 'secret.svg'), logo);
  const src = async () =>
    /<img class="sk-logo" src="([^"]*)"/.exec(
      rootOf((await app.inject({ url: '/auth/' })).body),
    )?.[1];
  assert.equal(await src(), `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`);
  // It names the address it stands for, for the shell's bar to show the same copy.
  assert.match(
    rootOf((await app.inject({ url: '/auth/' })).body),
    /<img class="sk-logo" src="data:[^"]*" data-src="\/brand\/wisla\/logo.svg" alt="">/,
  );
  // A new logo is inlined at once.
  writeFile(path.join(assets, 'wisla/logo.svg'), logo.replace('width="10"', 'width="8"'));
  assert.equal(
    Buffer.from((await src())!.split(',')[1]!, 'base64').toString(),
    logo.replace('width="10"', 'width="8"'),
  );
  for (const corp_logo of [
    '/brand/wisla/large.svg',
    '/brand/../secret.svg',
    '/brand/%2e%2e/secret.svg',
    '/brand/wisla/missing.svg',
    '/brand/%E0%A4%A',
  ]) {
    app.services.corporations.byId('demo')!.settings.corp_logo = corp_logo;
    assert.equal(await src(), corp_logo.replace(/&/g, '&amp;'), corp_logo);
  }
});

test("the screen's first texts from its release, in the visitor's language and escaped; lines without them", async () => {
  const { app, config } = await startFor({ corp: 'Wisła Taxi', locale_lang_list: ['en', 'pl'] }, [
    { pattern: '^/*auth/*$', layout: 'default', remote: 'account', module: './Auth' },
    { pattern: '^/*$', layout: 'map', remote: 'ordering', module: './Home' },
  ]);
  const mf = path.join(config.releasesDir, 'mf');
  for (const release of ['account/2.0.0', 'ordering/1.0.0'])
    writeFile(path.join(mf, release, 'mf-manifest.json'), { exposes: [] });
  writeFile(path.join(mf, 'account/2.0.0/first-paint.json'), {
    './Auth': {
      en: { title: 'Log in', note: 'Step 1 of 3', heading: 'Rules', lead: 'Read <these> & go' },
      pl: { title: 'Logowanie', lead: 'Przeczytaj' },
    },
  });
  writeFile(path.join(mf, 'ordering/1.0.0/first-paint.json'), {
    './Home': { en: { title: 'Order a taxi', label: 'Pickup', placeholder: 'Where?', lead: 42 } },
  });
  const page = async (url: string, language = 'en-GB,en;q=0.8') =>
    rootOf((await app.inject({ url, headers: { 'accept-language': language } })).body);

  const login = await page('/auth/');
  assert.match(
    login,
    /<div class="sk-sheet sk-sheet--page"><p class="sk-title">Log in<\/p><p class="sk-note">Step 1 of 3<\/p><div class="sk-card"><p class="sk-heading">Rules<\/p><p class="sk-lead">Read &lt;these&gt; &amp; go<\/p>/,
  );
  assert.doesNotMatch(login, /sk-line/);
  // The texts name the route they were drawn for (the worker's kept page serves every route).
  assert.match(
    login,
    /^<div class="sk sk--default" aria-hidden="true" data-route="\^\/\*auth\/\*\$">/,
  );
  assert.match(
    await page('/auth/', 'pl-PL,pl;q=0.9'),
    /<p class="sk-title">Logowanie<\/p><div class="sk-card"><p class="sk-lead">Przeczytaj<\/p>/,
  );
  // Home's sheet: its title and the pickup field; a value that is no string is left out.
  const home = await page('/');
  assert.match(
    home,
    /<div class="sk-sheet sk-sheet--form"><p class="sk-title">Order a taxi<\/p><div class="sk-fields"><div class="sk-field"><span class="sk-dot"><\/span><span class="sk-field__text"><span class="sk-label">Pickup<\/span> <span class="sk-placeholder">Where\?<\/span><\/span><\/div><div class="sk-field"><\/div><\/div>/,
  );
  assert.doesNotMatch(home, /42/);
  // No Polish texts for Home, an overlong text, or a broken file: the grey lines.
  const lines = /<div class="sk-sheet"><div class="sk-line"><\/div>/;
  assert.match(await page('/', 'pl'), lines);
  assert.doesNotMatch(await page('/', 'pl'), /data-route/);
  writeFile(path.join(mf, 'account/2.0.0/first-paint.json'), {
    './Auth': { en: { lead: 'x'.repeat(401) } },
  });
  assert.match(await page('/auth/'), lines);
  writeFile(path.join(mf, 'account/2.0.0/first-paint.json'), 'not json');
  assert.match(await page('/auth/'), lines);
});

test('every route’s page names the same revision, which another language, settings, logo or host release changes', async () => {
  const settings = { corp: 'Wisła Taxi', color: '#0a7d3b', locale_lang_list: ['en', 'pl'] };
  const app = await appFor(settings);
  const revision = async (url: string, language = 'en') =>
    (await app.inject({ url, headers: { 'accept-language': language } })).headers[
      'x-page-revision'
    ];
  const home = await revision('/');
  assert.match(String(home), /^[\w-]{16}$/);
  for (const url of ['/auth/', '/t/AB12/secret', '/regulations/', '/no-such-screen/'])
    assert.equal(await revision(url), home, url);
  assert.notEqual(await revision('/', 'pl'), home);
  const recoloured = await appFor({ ...settings, color: '#123456' });
  assert.notEqual((await recoloured.inject({ url: '/' })).headers['x-page-revision'], home);
  const corporation = {
    id: 'demo',
    hostnames: ['localhost'],
    settings,
    releases: {},
    timeZone: 'UTC',
    sections: {},
    invoicing: undefined,
  };
  assert.notEqual(
    pageRevision('1.0.0', corporation, 'en', undefined),
    pageRevision('1.0.1', corporation, 'en', undefined),
  );
  assert.notEqual(
    pageRevision('1.0.0', corporation, 'en', undefined),
    pageRevision('1.0.0', corporation, 'en', 'data:image/svg+xml;base64,PHN2Zy8+'),
  );
});

test('in maintenance every path is painted as the apology page, with its texts from the host release', async () => {
  const { app, config } = await startFor(
    { corp: 'Wisła Taxi', maintenance: true, locale_lang_list: ['en', 'pl'] },
    [
      { pattern: '^/*maintenance/*$', layout: 'maintenance' },
      { pattern: '^/*auth/*$', layout: 'default', remote: 'account', module: './Auth' },
      { pattern: '^/*$', layout: 'map', remote: 'ordering', module: './Home' },
    ],
  );
  const mf = path.join(config.releasesDir, 'mf');
  writeFile(path.join(mf, 'ordering/1.0.0/mf-manifest.json'), { exposes: [] });
  writeFile(path.join(mf, 'ordering/1.0.0/first-paint.json'), {
    './Home': { en: { title: 'Order a taxi', label: 'Pickup', placeholder: 'Where?' } },
  });
  writeFile(path.join(mf, 'host/1.0.0/first-paint.json'), {
    './Maintenance': {
      en: { title: 'We are sorry', lead: 'Ordering is not possible.' },
      pl: { title: 'Przepraszamy', lead: 'Zamawianie jest niemożliwe.' },
    },
  });
  for (const url of ['/', '/auth/', '/maintenance/']) {
    const response = await app.inject({ url, headers: { 'accept-language': 'en' } });
    const root = rootOf(response.body);
    // Texts of every path: no data-route, which would hide them on another route's page.
    assert.match(root, /^<div class="sk sk--maintenance" aria-hidden="true">/, url);
    assert.match(root, /<p class="sk-title">We are sorry<\/p>.*Ordering is not possible\./, url);
    assert.doesNotMatch(root, /Order a taxi|sk-map|data-route/, url);
    assert.doesNotMatch(response.body, /rel="preload"/, url);
  }
  const polish = await app.inject({ url: '/', headers: { 'accept-language': 'pl' } });
  assert.match(rootOf(polish.body), /<p class="sk-title">Przepraszamy<\/p>/);
});
