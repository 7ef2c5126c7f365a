import { PAGE_REVISION_HEADER } from '@taxi/contract';
import {
  CACHE_NAMES,
  SHELL_KEY,
  freshKey,
  keptPageFor,
  pageKey,
  ruleFor,
  staleCaches,
} from './rules';

const origin = 'https://taxi.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', mode, url: `${origin}${path}` });

describe('the service worker rules', () => {
  test('release files are cache first, their manifests and records stale-while-revalidate', () => {
    expect(ruleFor(get('/mf/host/1.0.0/main.js'), origin)).toBe('release');
    expect(ruleFor(get('/mf/legal/1.2.0/__federation_expose_Legal.1a2b3c4d.js'), origin)).toBe(
      'release',
    );
    expect(ruleFor(get('/mf/tracking/1.4.2/remoteEntry.js'), origin)).toBe('release');
    expect(ruleFor(get('/mf/tracking/1.4.2/mf-manifest.json'), origin)).toBe('fresh');
    expect(ruleFor(get('/mf/tracking/1.4.2/release.json'), origin)).toBe('fresh');
  });

  test('every app route is a page', () => {
    for (const path of ['/', '/auth/', '/regulations/', '/rate/', '/t/abc/def', '/track/?o=1'])
      expect(ruleFor(get(path, 'navigate'), origin)).toBe('page');
  });

  test('a page is kept for its route, every ride link under one key, the latest apart', () => {
    expect(pageKey('/t/AB12/secret')).toBe(pageKey('/t/CD34/other'));
    const keys = ['/', '/auth/', '/regulations/', '/t/AB12/secret', '/r/AB12/secret'].map(pageKey);
    expect(new Set([...keys, SHELL_KEY]).size).toBe(keys.length + 1);
    // A path of no route has no page of its own: it opens on the latest.
    expect(pageKey('/no-such-screen/')).toBe(SHELL_KEY);
  });

  test("a start opens on its route's page while that is of the latest page's revision", () => {
    const page = (revision: string | null) => ({
      headers: new Headers(revision ? { [PAGE_REVISION_HEADER]: revision } : {}),
    });
    const own = page('r1');
    expect(keptPageFor(own, page('r1'))).toBe(own);
    // A pin, a rollback, new branding or another language since: the latest page.
    const latest = page('r2');
    expect(keptPageFor(own, latest)).toBe(latest);
    // A page from before revisions (an older server) is never taken for the latest's.
    const unrevised = page(null);
    expect(keptPageFor(page(null), unrevised)).toBe(unrevised);
    expect(keptPageFor(undefined, latest)).toBe(latest);
    expect(keptPageFor(own, undefined)).toBeUndefined();
    expect(keptPageFor(undefined, undefined)).toBeUndefined();
  });

  test('registry, web manifest, brand and the map style are stale-while-revalidate', () => {
    for (const path of [
      '/remotes.json?hostname=taxi.example',
      '/remotes.json?hostname=taxi.example&device=0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      '/manifest.webmanifest',
      '/brand/demo/logo.svg',
      '/tiles/style.json?theme=dark',
    ])
      expect(ruleFor(get(path), origin)).toBe('fresh');
  });

  test('settings are network first however asked for: the maintenance flag is never a kept copy', () => {
    for (const cache of ['no-store', 'default', 'reload'])
      expect(ruleFor({ ...get('/settings.json?t=1&hostname=taxi.example'), cache }, origin)).toBe(
        'settings',
      );
    // Kept beside the other fresh files, for an offline start.
    expect(CACHE_NAMES.settings).toBe(CACHE_NAMES.fresh);
  });

  test('the registry and manifests asked for with cache: reload are network first', () => {
    const reload = (path: string) => ({ ...get(path), cache: 'reload' });
    for (const path of [
      '/remotes.json?hostname=taxi.example&device=0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      '/mf/tracking/1.4.2/mf-manifest.json',
    ])
      expect(ruleFor(reload(path), origin)).toBe('reload');
    expect(CACHE_NAMES.reload).toBe(CACHE_NAMES.fresh);
    // Immutable files stay cache first, however they are asked for.
    expect(ruleFor(reload('/mf/host/1.0.0/main.js'), origin)).toBe('release');
    expect(ruleFor(reload('/api/2/'), origin)).toBeNull();
  });

  test('vector tiles of the own map are cache first', () => {
    expect(ruleFor(get('/tiles/ab12cd/14/8529/5974.pbf'), origin)).toBe('tile');
    expect(ruleFor(get('/tiles/ab12cd/14/8529/5974.pbf?hostname=x'), origin)).toBe('tile');
  });

  test("the map's pictures (raster tiles of a versioned drawing) are cache first", () => {
    expect(ruleFor(get('/tiles/ab12cd-2-r2/dark-pl/16/34119/23894@2x.webp'), origin)).toBe('tile');
    expect(ruleFor(get('/tiles/ab12cd-2-r2/light/15/17059/11949.webp'), origin)).toBe('tile');
  });

  test("the map's label glyphs and icon sprite (versioned, immutable) are cache first too", () => {
    for (const path of [
      '/tiles/glyphs-v1/Noto%20Sans%20Regular/0-255.pbf',
      '/tiles/glyphs-v1/Noto%20Sans%20Bold/256-511.pbf',
      '/tiles/sprite-v1.json',
      '/tiles/sprite-v1@2x.png',
    ])
      expect(ruleFor(get(path), origin)).toBe('tile');
  });

  test('calls, live data, other servers and anything but GET are never cached', () => {
    for (const path of [
      '/api/2/?action=GET_CLIENT',
      '/rate/api/1/',
      '/track/api/1/',
      '/driver/api/1/',
      '/report/error/',
      '/dev/sms-outbox',
      '/sw.js',
      '/other.txt',
    ])
      expect(ruleFor(get(path), origin)).toBeNull();
    // Opened in a tab, calls and files are not screens: never kept as the shell.
    for (const path of [
      '/api/2/?action=X',
      '/rate/api/1/',
      '/dev/sms-outbox',
      '/report/error/',
      '/sw.js',
      '/settings.json?hostname=x',
      '/manifest.webmanifest',
      '/mf/host/1.0.0/main.js',
      '/brand/demo/logo.svg',
      '/tiles/style.json',
      // The operator's release page is never kept, let alone as the passengers' shell.
      '/operator/releases',
      // The e-mail confirmation link's page is the server's, with its single-use token.
      '/mail/confirm?token=x',
      '/release/api/list',
    ])
      expect(ruleFor(get(path, 'navigate'), origin)).toBeNull();
    expect(ruleFor({ ...get('/mf/host/1.0.0/main.js'), method: 'POST' }, origin)).toBeNull();
    expect(ruleFor({ ...get('/settings.json'), method: 'HEAD' }, origin)).toBeNull();
    expect(ruleFor(get('/track/api/1/', 'websocket'), origin)).toBeNull();
    expect(
      ruleFor({ method: 'GET', mode: 'cors', url: 'https://tiles.example/1/2/3.pbf' }, origin),
    ).toBeNull();
    expect(
      ruleFor({ method: 'GET', mode: 'navigate', url: 'https://elsewhere.example/' }, origin),
    ).toBeNull();
  });

  test('settings are kept without their time stamp, so an offline start finds them', () => {
    expect(freshKey(`${origin}/settings.json?t=1700000000000&hostname=taxi.example`)).toBe(
      `${origin}/settings.json?hostname=taxi.example`,
    );
    expect(freshKey(`${origin}/remotes.json?hostname=taxi.example`)).toBe(
      `${origin}/remotes.json?hostname=taxi.example`,
    );
    // The registry is kept per device: an offline start gets this device's own buckets.
    expect(freshKey(`${origin}/remotes.json?hostname=taxi.example&device=abc`)).toBe(
      `${origin}/remotes.json?hostname=taxi.example&device=abc`,
    );
  });

  test('on activation the caches of another worker version go, other caches stay', () => {
    expect(
      staleCaches([
        CACHE_NAMES.release,
        'taxi-release-v0',
        'taxi-shell-v0',
        CACHE_NAMES.page,
        'someone-else',
      ]),
    ).toEqual(['taxi-release-v0', 'taxi-shell-v0']);
  });
});
