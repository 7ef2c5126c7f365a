import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { TOWN_FILE } from '../fixtures/make-town.ts';
import { corporationFile, startApp, writeFile } from '../support/helpers.ts';

/** The host's start-up script as a build inlines it (any text: the hash is taken at serve time). */
const START_UP = "window.__taxiEarly = { settings: fetch('/settings.json') };";
/** The skeleton's sheet, inline in the host's page as a build writes it. */
const SKELETON_STYLE = '.sk{background:var(--sk-brand,#f5b400)}';
const HOST_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="theme-color" content="#f5b400"><title>Taxi</title><script>${START_UP}</script><script defer src="/mf/host/1.0.0/main.js"></script><style>${SKELETON_STYLE}</style></head><body><div id="root"></div></body></html>`;
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const START_UP_HASH = hashOf(START_UP);

const { app, config } = await startApp({
  corporations: [
    corporationFile('demo', ['localhost'], { geo: { extract: TOWN_FILE } }),
    // Its tracking remote and map come from other origins; it uses mapbox-gl.
    corporationFile('far', ['far.example'], {
      releases: {
        tracking: { use: 'https://cdn.far.example/tracking/mf-manifest.json', fallback: '1.0.0' },
      },
      settings: {
        corp: 'Far Taxi',
        tile_url: 'https://tiles.far.example/{z}/{x}/{y}.png',
        mapbox_token: 'pk.test',
        corp_logo: 'https://brand.far.example/logo.svg',
        color: '#0a7d3b',
      },
    }),
  ],
});
function publishHost(releasesDir: string): void {
  const dir = path.join(releasesDir, 'mf', 'host', '1.0.0');
  writeFile(path.join(dir, 'index.html'), HOST_HTML);
  writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
}
publishHost(config.releasesDir);
writeFile(
  path.join(config.corpDir, 'assets', 'demo', 'icon.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg"/>',
);
writeFile(path.join(config.releasesDir, 'mf', 'ordering', '1.0.0', 'mf-manifest.json'), {
  name: 'ordering',
});
writeFile(path.join(config.releasesDir, 'mf', 'ordering', '1.0.0', 'main.js'), 'console.log(1);');

/** The CSP as directive -> sources. */
function policy(reply: LightMyRequestResponse): Map<string, string[]> {
  const header = reply.headers['content-security-policy'];
  assert.equal(typeof header, 'string', `a CSP on ${reply.raw.req.url}`);
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The headers every reply carries, whatever it is. */
function assertCommonHeaders(reply: LightMyRequestResponse): void {
  const url = reply.raw.req.url;
  assert.equal(reply.headers['x-content-type-options'], 'nosniff', url);
  assert.equal(reply.headers['referrer-policy'], 'no-referrer', url);
  assert.equal(reply.headers['cross-origin-opener-policy'], 'same-origin', url);
  const permissions = String(reply.headers['permissions-policy']);
  assert.match(permissions, /(?:^|, )geolocation=\(self\)(?:,|$)/, url);
  for (const feature of ['camera', 'microphone', 'payment', 'usb'])
    assert.match(
      permissions,
      new RegExp(`(?:^|, )${feature}=\\(\\)(?:,|$)`),
      `${feature} on ${url}`,
    );
  assert.deepEqual(policy(reply).get('frame-ancestors'), ["'none'"], url);
  assert.equal(
    reply.headers['strict-transport-security'],
    undefined,
    `no HSTS over plain HTTP: ${url}`,
  );
}

/** A page's policy: the app's own origin, the map's workers, the start-up script by hash. */
function assertPagePolicy(reply: LightMyRequestResponse): Map<string, string[]> {
  const csp = policy(reply);
  assert.deepEqual(csp.get('default-src'), ["'self'"]);
  assert.deepEqual(csp.get('object-src'), ["'none'"]);
  assert.deepEqual(csp.get('base-uri'), ["'none'"]);
  assert.deepEqual(csp.get('form-action'), ["'self'"]);
  assert.deepEqual(csp.get('manifest-src'), ["'self'"]);
  assert.deepEqual(csp.get('worker-src'), ["'self'", 'blob:']);
  assert.deepEqual(csp.get('child-src'), ["'self'", 'blob:']);
  assert.ok(csp.get('img-src')?.includes('data:') && csp.get('img-src')?.includes('blob:'));
  assert.ok(!csp.get('script-src')?.includes("'unsafe-inline'"), 'no inline script but by hash');
  assert.ok(!csp.get('script-src')?.includes("'unsafe-eval'"));
  assert.doesNotMatch(String(reply.headers['content-security-policy']), /unsafe-inline/);
  return csp;
}

describe('security headers of every kind of reply', () => {
  test('pages: the policy names the served start-up script by its hash', async () => {
    for (const url of ['/', '/t/x/y', '/history/']) {
      const reply = await app.inject({ url });
      assert.equal(reply.statusCode, 200, url);
      assertCommonHeaders(reply);
      const csp = assertPagePolicy(reply);
      assert.deepEqual(csp.get('script-src'), ["'self'", START_UP_HASH], url);
      assert.deepEqual(csp.get('connect-src'), ["'self'", 'ws://localhost:80'], url);
    }
  });

  test('pages: no inline style but by hash: each <style> of the served page, the empty one the app fills, no style attribute', async () => {
    for (const [url, host] of [
      ['/', 'localhost'],
      ['/t/x/y', 'far.example'],
    ] as const) {
      const reply = await app.inject({ url, headers: { host } });
      const styles = assertPagePolicy(reply).get('style-src') ?? [];
      const inline = [...reply.body.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map(
        ([, text]) => text ?? '',
      );
      assert.ok(inline.includes(SKELETON_STYLE), `${url}: the host's own <style>`);
      // The app's sheets go in through the CSSOM, into empty <style> elements (tooling/add-style.js).
      for (const text of [...inline, ''])
        assert.ok(styles.includes(hashOf(text)), `${url}: ${text}`);
      assert.doesNotMatch(reply.body, /<[^>]+\sstyle\s*=/i, `${url}: no style attribute`);
    }
    const far = (await app.inject({ url: '/', headers: { host: 'far.example' } })).body;
    assert.match(far, /--sk-brand:#0a7d3b/, "the skeleton keeps the corporation's colour");
  });

  test("a corporation's remote and map origins are allowed, and only its own", async () => {
    const far = policy(await app.inject({ url: '/', headers: { host: 'far.example' } }));
    const cdn = 'https://cdn.far.example';
    assert.deepEqual(far.get('script-src'), ["'self'", START_UP_HASH, cdn]);
    assert.deepEqual(
      far.get('connect-src')?.toSorted(),
      [
        "'self'",
        cdn,
        'https://*.tiles.mapbox.com',
        'https://api.mapbox.com',
        'https://events.mapbox.com',
        'https://tiles.far.example',
        'ws://far.example',
      ].sort(),
    );
    for (const origin of ['https://tiles.far.example', 'https://brand.far.example', cdn])
      assert.ok(far.get('img-src')?.includes(origin), origin);

    const demo = policy(await app.inject({ url: '/' }));
    const all = [...demo.values()].flat().join(' ');
    assert.doesNotMatch(
      all,
      /far\.example|mapbox/,
      "the demo's policy names nothing of another corporation",
    );
  });

  test('the service worker runs under the page policy; files and JSON under a policy that loads nothing', async () => {
    const worker = await app.inject({ url: '/sw.js' });
    assert.equal(worker.statusCode, 200);
    assertCommonHeaders(worker);
    assertPagePolicy(worker);

    const files = [
      '/settings.json',
      '/remotes.json',
      '/manifest.webmanifest',
      '/mf/ordering/1.0.0/main.js',
      '/mf/ordering/1.0.0/mf-manifest.json',
      '/robots.txt',
      '/tiles/style.json',
      '/brand/demo/icon.svg',
      '/dev/sms-outbox',
    ];
    for (const url of files) {
      const reply = await app.inject({ url });
      assert.equal(reply.statusCode, 200, url);
      assertCommonHeaders(reply);
      assert.deepEqual(policy(reply).get('default-src'), ["'none'"], url);
    }
  });

  test('a map tile', async () => {
    const style = (await app.inject({ url: '/tiles/style.json' })).json();
    const url = String(style.sources.osm.tiles[0]).replace('{z}/{x}/{y}', '14/9102/5557');
    const reply = await app.inject({ url });
    assert.ok([200, 204].includes(reply.statusCode), `${url}: ${reply.statusCode}`);
    assertCommonHeaders(reply);
    assert.deepEqual(policy(reply).get('default-src'), ["'none'"]);
  });

  test('the API over GET and POST, the rating API, a 404 and an error reply', async () => {
    const cmd = JSON.stringify({ action_id: 'GET_SETTINGS_CORP', lang: 'en' });
    const replies = [
      await app.inject({ url: `/api/2/?cmd=${encodeURIComponent(cmd)}` }),
      await app.inject({
        method: 'POST',
        url: '/api/2/',
        payload: new URLSearchParams({ cmd }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await app.inject({
        method: 'POST',
        url: '/rate/api/1/',
        payload: new URLSearchParams({
          cmd: JSON.stringify({ action_id: 'ORDER_RATE', o: 'x', p: 'y' }),
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await app.inject({ url: '/mf/ordering/9.9.9/nothing.js' }),
      await app.inject({
        method: 'POST',
        url: '/api/2/',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    assert.equal(replies[3]!.statusCode, 404);
    assert.equal(replies[4]!.json().status, 'ERR');
    for (const reply of replies) {
      assertCommonHeaders(reply);
      assert.match(String(reply.headers['content-type']), /^application\/json/);
      assert.deepEqual(policy(reply).get('default-src'), ["'none'"]);
    }
  });

  test('HSTS only when the request came over TLS or through a trusted proxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    const untrusted = await app.inject({ url: '/', headers: forwarded });
    assert.equal(
      untrusted.headers['strict-transport-security'],
      undefined,
      'an untrusted X-Forwarded-Proto is ignored',
    );

    const proxied = await startApp({ config: { trustProxy: 1 } });
    publishHost(proxied.config.releasesDir);
    for (const url of ['/settings.json', '/api/2/']) {
      const reply = await proxied.app.inject({ url, headers: forwarded });
      assert.equal(reply.headers['strict-transport-security'], 'max-age=31536000', url);
    }
    const page = await proxied.app.inject({ url: '/', headers: forwarded });
    assert.ok(
      policy(page).get('connect-src')?.includes('wss://localhost:80'),
      'the socket over TLS',
    );
  });
});
