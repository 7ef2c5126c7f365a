import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { CorporationFileSchema, FileSettingsSchema } from '@taxi/contract/schemas';
import { openCorporationDirectory, parseCorporation } from '../../src/corporations/directory.ts';
import { TOWN_FILE } from '../fixtures/make-town.ts';
import { taxiCorporation } from '../support/fixtures.ts';
import { corporationFile, startApp, tempDir, writeFile } from '../support/helpers.ts';
import { tileAt } from '../support/tile-coordinates.ts';

describe('settings.json', () => {
  test('answers the corporation of the Host and its hostname parameter, without caching', async () => {
    const { app } = await startApp({
      corporations: [
        corporationFile('demo', ['localhost']),
        corporationFile('other', ['taxi.example']),
      ],
    });
    const reply = await app.inject({
      url: '/settings.json?t=123&hostname=taxi.example',
      headers: { host: 'taxi.example' },
    });
    assert.equal(reply.statusCode, 200);
    assert.equal(reply.headers['cache-control'], 'no-cache');
    assert.equal(reply.json().corp, 'Taxi other');
  });

  test('carries the countries whose numbers get login codes', async () => {
    const { app } = await startApp({
      corporations: [
        corporationFile('demo', ['localhost'], { sms: { countries: ['PL', 'DE'] } }),
        corporationFile('other', ['taxi.example']),
      ],
    });
    assert.deepEqual(
      (await app.inject({ url: '/settings.json?hostname=localhost' })).json().phone_countries,
      ['PL', 'DE'],
    );
    assert.deepEqual(
      (
        await app.inject({
          url: '/settings.json?hostname=taxi.example',
          headers: { host: 'taxi.example' },
        })
      ).json().phone_countries,
      ['PL'],
    );
  });

  test('falls back to the Host header without its port', async () => {
    const { app } = await startApp();
    const reply = await app.inject({
      url: '/settings.json?t=1',
      headers: { host: 'LOCALHOST:8080' },
    });
    assert.equal(reply.json().corp, 'Taxi demo');
  });

  test('a hostname that is not one text is refused with the catalogue error, not guessed', async () => {
    const { app } = await startApp();
    for (const url of [
      '/settings.json?hostname=localhost&hostname=taxi.example',
      `/settings.json?hostname=${'a'.repeat(254)}`,
    ]) {
      const reply = await app.inject({ url });
      const body = reply.json();
      assert.equal(body.status, 'ERR', url.slice(0, 60));
      assert.match(body.error_data, /^(ARG_ERROR|INVALID_DATA)$/);
      assert.match(body.status_mesg, /^hostname: /);
      assert.equal(body.corp, undefined);
    }
  });

  test('an unknown host is a 404 with NOT_FOUND', async () => {
    const { app } = await startApp();
    const reply = await app.inject({
      url: '/settings.json?hostname=nobody.example',
      headers: { host: 'nobody.example' },
    });
    assert.equal(reply.statusCode, 404);
    const body = reply.json();
    assert.equal(body.status, 'ERR');
    assert.equal(body.error_data, 'NOT_FOUND');
    assert.equal(typeof body.status_mesg, 'string');
  });

  test('an edited file takes effect without a restart, a broken edit keeps the last good version', async () => {
    const { app, config } = await startApp();
    const file = path.join(config.corpDir, 'demo.json');
    const edit = (content: string | object, seconds: number) => {
      writeFile(file, content);
      const when = new Date(Date.now() + seconds * 1000);
      fs.utimesSync(file, when, when);
    };
    edit(corporationFile('demo', ['localhost'], { settings: { corp: 'Renamed' } }), 10);
    assert.equal(
      (await app.inject({ url: '/settings.json?hostname=localhost' })).json().corp,
      'Renamed',
    );
    edit('{ not json', 20);
    assert.equal(
      (await app.inject({ url: '/settings.json?hostname=localhost' })).json().corp,
      'Renamed',
    );
    fs.rmSync(file);
    assert.equal((await app.inject({ url: '/settings.json?hostname=localhost' })).statusCode, 404);
  });

  test('files without a valid id or hostnames are ignored, duplicates keep the first', async () => {
    const { app } = await startApp({
      corporations: [
        corporationFile('a-first', ['shared.example']),
        corporationFile('b-second', ['shared.example', 'second.example']),
        { id: 'Bad Id', hostnames: ['bad.example'], settings: {} },
      ],
    });
    assert.equal(
      (
        await app.inject({
          url: '/settings.json?hostname=shared.example',
          headers: { host: 'shared.example' },
        })
      ).json().corp,
      'Taxi a-first',
    );
    assert.equal(
      (
        await app.inject({
          url: '/settings.json?hostname=second.example',
          headers: { host: 'second.example' },
        })
      ).json().corp,
      'Taxi b-second',
    );
    assert.equal(
      (
        await app.inject({
          url: '/settings.json?hostname=bad.example',
          headers: { host: 'bad.example' },
        })
      ).statusCode,
      404,
    );
  });

  test('the shipped demo corporation has every settings field and all switches on', async () => {
    const demo = JSON.parse(
      fs.readFileSync(new URL('../../corporations/localhost.json', import.meta.url), 'utf8'),
    );
    assert.deepEqual(demo.hostnames, ['localhost', '127.0.0.1']);
    const fields =
      `city corp corp_icon corp_logo corp_links corp_legal currency favicon gps_accuracy gps_timeout
      maintenance rate show_account show_cash_free show_discount show_dst show_dst_price show_features show_info
      show_password show_points show_taxi_count show_timely taxi_group_id timely_additional timely_startof track
      locale_lang_list locale_lang_default android_url call_us_data color color_map_icon regulations_start_date
      regulations_link gdpr_admin gdpr_admin_email gdpr_policy_link self_name self_name_en self_email self_email_gdpr
      tile_url mapbox_token`.split(/\s+/);
    for (const field of fields) assert.ok(field in demo.settings, `settings.${field}`);
    for (const [key, value] of Object.entries(demo.settings)) {
      if (key.startsWith('show_') || key === 'rate' || key === 'track')
        assert.equal(value, true, key);
    }
    assert.equal(demo.settings.maintenance, false);
    assert.equal(demo.settings.corp_legal, false);
    assert.equal(demo.settings.call_us_data.length, 2);
    for (const asset of ['logo.svg', 'icon.svg']) {
      assert.ok(fs.existsSync(new URL(`../../corporations/assets/demo/${asset}`, import.meta.url)));
    }
  });

  test('names the map’s pictures once its extract is in, so a screen need not ask the style', async () => {
    const withMap = (id: string, hostnames: string[], tileUrl: string, extract: string) => {
      const file = corporationFile(id, hostnames, { geo: { extract } });
      return { ...file, settings: { ...file.settings, tile_url: tileUrl } };
    };
    const { app } = await startApp({
      corporations: [
        withMap('demo', ['localhost'], '/tiles/style.json', TOWN_FILE),
        withMap('other', ['taxi.example'], 'https://tiles.example/style.json', TOWN_FILE),
      ],
    });
    // The style waits for the extract's import; the settings never do.
    const style = (await app.inject({ url: '/tiles/style.json?theme=dark&lang=pl' })).json();
    const settings = (await app.inject({ url: '/settings.json?hostname=localhost' })).json();
    const { template, bounds } = settings.tile_pictures;
    assert.equal(template.replace('{look}', 'dark-pl'), style.metadata['taxi:raster']);
    assert.deepEqual(bounds, style.sources.osm.bounds);
    const [z, x, y] = tileAt(50.003, 20.005, 14).split('/');
    const tile = await app.inject({
      url: template
        .replace('{look}', 'light-en')
        .replace('{z}', z)
        .replace('{x}', x)
        .replace('{y}', y)
        .replace('{r}', '@2x'),
    });
    assert.equal(tile.statusCode, 200);
    assert.equal(tile.headers['content-type'], 'image/webp');
    // Another server’s map has no pictures of this one (a file cannot set them: see below).
    const other = (
      await app.inject({
        url: '/settings.json?hostname=taxi.example',
        headers: { host: 'taxi.example' },
      })
    ).json();
    assert.equal(other.tile_pictures, null);
  });
});

describe('manifest.webmanifest', () => {
  test('is built from the settings', async () => {
    const { app } = await startApp();
    const reply = await app.inject({
      url: '/manifest.webmanifest',
      headers: { host: 'localhost' },
    });
    assert.equal(reply.statusCode, 200);
    assert.match(String(reply.headers['content-type']), /^application\/manifest\+json/);
    const manifest = reply.json();
    assert.equal(manifest.name, 'Taxi demo');
    assert.equal(manifest.start_url, '/');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.theme_color, '#123456');
    assert.deepEqual(manifest.icons, [
      { src: '/brand/demo/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ]);
  });
});

describe('brand assets', () => {
  test('are served from CORP_DIR/assets/<id>/, and nothing outside it', async () => {
    const { app, config } = await startApp();
    writeFile(
      path.join(config.corpDir, 'assets/demo/logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    const logo = await app.inject({ url: '/brand/demo/logo.svg' });
    assert.equal(logo.statusCode, 200);
    assert.match(String(logo.headers['content-type']), /image\/svg\+xml/);
    for (const url of [
      '/brand/../demo.json',
      '/brand/%2e%2e/demo.json',
      '/brand/demo/missing.svg',
    ]) {
      const reply = await app.inject({ url });
      assert.notEqual(reply.statusCode, 200, url);
      assert.doesNotMatch(reply.body, /hostnames/, url);
    }
  });
});

describe('the corporation file', () => {
  const FILE = 'corporations/demo.json';
  const demo = corporationFile('demo', ['localhost']);
  const refusal = (content: object) => {
    try {
      parseCorporation(JSON.stringify(content), FILE);
    } catch (error) {
      return (error as Error).message;
    }
    return 'loaded';
  };

  test('a typo is refused at load, naming the file, the field and what it takes', () => {
    const cases: [object, string][] = [
      [{ ...demo, settings: { ...demo.settings, color: 5 } }, '/settings/color: expected a string'],
      [
        { ...demo, settings: { ...demo.settings, show_acount: false } },
        '/settings/show_acount: unknown field; did you mean show_account?',
      ],
      [
        { ...demo, invocing: { seller_name: 'Taxi' } },
        '/invocing: unknown field; did you mean invoicing?',
      ],
      [
        {
          ...demo,
          releases: { tracking: { use: '1.0.0', canary: { use: '1.1.0', percent: 150 } } },
        },
        '/releases/tracking/canary/percent: expected at most 100',
      ],
      [
        { ...demo, releases: { trackng: '1.0.0' } },
        '/releases/trackng: unknown field; did you mean tracking?',
      ],
      [
        taxiCorporation('demo', ['localhost'], { tariff: { t2_hours: { from: 25 } } }),
        '/tariff/t2_hours/from: expected at most 24',
      ],
      [
        { ...demo, dispatch: { offer_timeout_s: '20' } },
        '/dispatch/offer_timeout_s: expected a number',
      ],
      [
        { ...demo, geo: { search: { engine: 'google', url: 'https://maps.example/' } } },
        '/geo/search/engine: expected photon or nominatim',
      ],
      [
        { ...demo, timezone: 'Europe/Nowhere' },
        '/timezone: expected an IANA time zone such as Europe/Warsaw',
      ],
      // Set by the server alone: a file that names it is mistaken about what it does.
      [
        { ...demo, settings: { ...demo.settings, tile_pictures: null } },
        '/settings/tile_pictures: unknown field',
      ],
      [{ ...demo, settings: undefined }, '/settings: missing; expected an object'],
    ];
    for (const [content, problem] of cases) assert.equal(refusal(content), `${FILE}: ${problem}`);
    assert.match(refusal([]), /^corporations\/demo\.json: \/: expected an object$/);
    assert.throws(
      () => parseCorporation('{ not json', FILE),
      /^Error: corporations\/demo\.json: not JSON: /,
    );
  });

  test('a refused file serves nothing at start; a refused edit keeps the last good version', () => {
    const dir = tempDir();
    const errors: object[] = [];
    const log = { info: () => {}, error: (details: object) => errors.push(details) };
    const file = path.join(dir, 'demo.json');
    const edit = (content: object, seconds: number) => {
      writeFile(file, content);
      const when = new Date(Date.now() + seconds * 1000);
      fs.utimesSync(file, when, when);
    };
    edit({ ...demo, settings: { ...demo.settings, colour: '#000000' } }, 10);
    const directory = openCorporationDirectory(dir, log, 0);
    assert.equal(directory.byId('demo'), undefined);
    assert.deepEqual(errors, [
      {
        file: 'demo.json',
        reason: `${file}: /settings/colour: unknown field; did you mean color?`,
      },
    ]);

    edit(demo, 20);
    assert.equal(directory.byId('demo')?.settings.color, '#123456');
    edit({ ...demo, settings: { ...demo.settings, color: ['#000000'] } }, 30);
    assert.equal(directory.byId('demo')?.settings.color, '#123456');
    assert.deepEqual(errors.at(-1), {
      file: 'demo.json',
      reason: `${file}: /settings/color: expected a string`,
    });
  });

  test('the shipped demo, the tests’ corporations and the documented example load', () => {
    const read = (relative: string) =>
      fs.readFileSync(new URL(`../../../${relative}`, import.meta.url), 'utf8');
    assert.equal(parseCorporation(read('server/corporations/localhost.json')).id, 'demo');
    assert.ok(parseCorporation(JSON.stringify(taxiCorporation('x', ['x.example']))));
    const reference = read('docs/configuration.md');
    const example = /## A corporation[\s\S]*?```json\n([\s\S]*?)```/.exec(reference)?.[1];
    assert.ok(example, 'docs/configuration.md has an example file');
    assert.equal(parseCorporation(example).id, 'demo');
    // The reference names every field the schema has (`sms` as `sms.countries` too).
    for (const field of [
      ...Object.keys(CorporationFileSchema.properties),
      ...Object.keys(FileSettingsSchema.properties),
    ])
      assert.match(
        reference,
        new RegExp(`\`${field}[\`.]`),
        `docs/configuration.md names ${field}`,
      );
  });
});
