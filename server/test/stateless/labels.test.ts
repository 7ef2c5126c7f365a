import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { PbfReader } from 'pbf';
import { rangeStart, stackFont } from '../../src/tiles/glyphs.ts';
import { TOWN_FILE } from '../fixtures/make-town.ts';
import { tileAt } from '../support/tile-coordinates.ts';
import { corporationFile, startApp } from '../support/helpers.ts';

interface Glyph {
  id: number;
  bitmap?: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

/** A glyph PBF (MapLibre's glyphs format): its stacks' names, ranges and glyphs. */
function readGlyphs(body: Buffer): { name: string; range: string; glyphs: Glyph[] }[] {
  const pbf = new PbfReader(body);
  return pbf.readFields((tag, stacks: { name: string; range: string; glyphs: Glyph[] }[]) => {
    if (tag !== 1) return;
    stacks.push(
      pbf.readMessage(
        (field, stack: { name: string; range: string; glyphs: Glyph[] }) => {
          if (field === 1) stack.name = pbf.readString();
          else if (field === 2) stack.range = pbf.readString();
          else if (field === 3)
            stack.glyphs.push(
              pbf.readMessage(
                (key, glyph: Glyph) => {
                  if (key === 1) glyph.id = pbf.readVarint();
                  else if (key === 2) glyph.bitmap = pbf.readBytes();
                  else if (key === 3) glyph.width = pbf.readVarint();
                  else if (key === 4) glyph.height = pbf.readVarint();
                  else if (key === 5) glyph.left = pbf.readSVarint();
                  else if (key === 6) glyph.top = pbf.readSVarint();
                  else if (key === 7) glyph.advance = pbf.readVarint();
                },
                { id: -1, width: 0, height: 0, left: 0, top: 0, advance: 0 },
              ),
            );
        },
        { name: '', range: '', glyphs: [] },
      ),
    );
  }, []);
}

describe('glyph ranges', () => {
  test('a range is 256 code points from a multiple of 256; a stack names a font we have', () => {
    assert.equal(rangeStart('0-255'), 0);
    assert.equal(rangeStart('256-511'), 256);
    assert.equal(rangeStart('65280-65535'), 65280);
    for (const bad of ['1-256', '0-511', '65536-65791', '-1-254', '0-255.pbf', ''])
      assert.equal(rangeStart(bad), undefined, bad);
    assert.equal(stackFont('Noto Sans Regular'), 'Noto Sans Regular');
    assert.equal(stackFont('Open Sans Bold,Noto Sans Bold'), 'Noto Sans Bold');
    assert.equal(stackFont('Arial Unicode MS Regular'), undefined);
    for (const inherited of ['constructor', '__proto__', 'toString', 'valueOf,Noto Sans Bold'])
      assert.equal(stackFont(inherited), inherited.endsWith('Bold') ? 'Noto Sans Bold' : undefined);
  });
});

describe('the labels of the server map (the town fixture)', async () => {
  const { app, config } = await startApp({
    corporations: [corporationFile('demo', ['localhost'], { geo: { extract: TOWN_FILE } })],
  });

  async function glyphs(stack: string, range: string) {
    const reply = await app.inject({ url: `/tiles/glyphs-v1/${stack}/${range}.pbf` });
    assert.equal(reply.statusCode, 200, reply.body);
    assert.equal(reply.headers['content-type'], 'application/x-protobuf');
    assert.equal(reply.headers['cache-control'], 'public, max-age=31536000, immutable');
    return readGlyphs(reply.rawPayload);
  }

  /** Checks a range's glyphs: ids in it, SDF bitmaps of (width+6)×(height+6) bytes. */
  function checkRange(stacks: ReturnType<typeof readGlyphs>, font: string, start: number) {
    assert.equal(stacks.length, 1);
    const [stack] = stacks;
    assert.equal(stack!.name, font);
    assert.equal(stack!.range, `${start}-${start + 255}`);
    for (const glyph of stack!.glyphs) {
      assert.ok(glyph.id >= start && glyph.id <= start + 255, `${glyph.id}`);
      if (glyph.width === 0) continue;
      assert.equal(glyph.bitmap?.length, (glyph.width + 6) * (glyph.height + 6), `${glyph.id}`);
      assert.ok(glyph.width <= 30 && glyph.height <= 30);
      // A distance field: inside the glyph high values, far outside zero.
      assert.ok(Math.max(...glyph.bitmap!) > 191, `${glyph.id} has ink`);
      assert.ok(glyph.bitmap![0]! < 191, `${glyph.id}: its corner is outside`);
    }
    return new Map(stack!.glyphs.map((glyph) => [glyph.id, glyph]));
  }

  test('0-255: the printable Latin glyphs, with their metrics', async () => {
    const byId = checkRange(await glyphs('Noto Sans Regular', '0-255'), 'Noto Sans Regular', 0);
    assert.ok(!byId.has(10), 'no control characters');
    const space = byId.get(32)!;
    assert.equal(space.width, 0, 'a space has no ink');
    assert.ok(space.advance >= 4 && space.advance <= 8);
    const [a, m, dot] = [byId.get(65)!, byId.get(109)!, byId.get(46)!];
    assert.ok(a.height >= 16 && a.height <= 19, `A is ${a.height} px high`);
    assert.ok(m.advance > dot.advance, 'm is wider than a dot');
    assert.ok(a.top < 0 && dot.top < a.top, 'tops from the ascent: a dot lies lower');
    assert.ok(byId.has(243) && byId.has(252), 'ó, ü');
  });

  test('256-511: Latin Extended with every Polish letter, in the bold font too', async () => {
    for (const font of ['Noto Sans Regular', 'Noto Sans Bold']) {
      const byId = checkRange(await glyphs(font, '256-511'), font, 256);
      for (const letter of 'ąćęłńśźżĄĆĘŁŃŚŹŻ')
        assert.ok(byId.get(letter.codePointAt(0)!)?.bitmap, `${font} ${letter}`);
    }
  });

  test('Greek and Cyrillic drawn; a range the font lacks answers without glyphs', async () => {
    const greek = checkRange(
      await glyphs('Noto Sans Regular', '768-1023'),
      'Noto Sans Regular',
      768,
    );
    assert.ok(greek.get('Ω'.codePointAt(0)!)?.bitmap);
    const cyrillic = checkRange(
      await glyphs('Noto Sans Regular', '1024-1279'),
      'Noto Sans Regular',
      1024,
    );
    assert.ok(cyrillic.get('Ж'.codePointAt(0)!)?.bitmap);
    const han = await glyphs('Noto Sans Regular', '19968-20223');
    assert.deepEqual(han[0]!.glyphs, []);
  });

  test('made once, kept on disk under DATA_DIR', async () => {
    await glyphs('Noto Sans Regular', '0-255');
    const file = path.join(config.dataDir, 'tiles/glyphs-v1/Noto Sans Regular/0-255.pbf');
    const stacks = readGlyphs(fs.readFileSync(file));
    assert.equal(stacks[0]!.range, '0-255');
  });

  test('bad fonts and ranges are 404 NOT_FOUND', async () => {
    for (const url of [
      '/tiles/glyphs-v1/Comic Sans/0-255.pbf',
      '/tiles/glyphs-v1/Noto Sans Regular/0-256.pbf',
      '/tiles/glyphs-v1/Noto Sans Regular/0-255',
      '/tiles/glyphs-v1/Noto Sans Regular/70000-70255.pbf',
      // Names every object has by inheritance are no fonts either.
      '/tiles/glyphs-v1/constructor/0-255.pbf',
      '/tiles/glyphs-v1/__proto__/0-255.pbf',
      '/tiles/glyphs-v1/toString/0-255.pbf',
      '/tiles/glyphs-v1/hasOwnProperty,valueOf/0-255.pbf',
    ]) {
      const reply = await app.inject({ url });
      assert.equal(reply.statusCode, 404, url);
      assert.equal(reply.json().error_data, 'NOT_FOUND', url);
    }
  });

  test('the sprite: an index and a PNG of its icons, at 1x and 2x', async () => {
    for (const [suffix, ratio] of [
      ['', 1],
      ['@2x', 2],
    ] as const) {
      const index = await app.inject({ url: `/tiles/sprite-v1${suffix}.json` });
      assert.equal(index.statusCode, 200);
      assert.equal(index.headers['cache-control'], 'public, max-age=31536000, immutable');
      const icons: Record<
        string,
        { x: number; width: number; height: number; pixelRatio: number }
      > = index.json();
      assert.deepEqual(Object.keys(icons).sort(), [
        'airport',
        'hospital',
        'hotel',
        'landmark',
        'station',
        'taxi',
      ]);
      const png = await app.inject({ url: `/tiles/sprite-v1${suffix}.png` });
      assert.equal(png.headers['content-type'], 'image/png');
      const body = png.rawPayload;
      assert.equal(body.subarray(1, 4).toString(), 'PNG');
      const [width, height] = [body.readUInt32BE(16), body.readUInt32BE(20)];
      for (const icon of Object.values(icons)) {
        assert.equal(icon.pixelRatio, ratio);
        assert.ok(icon.x + icon.width <= width && icon.height <= height);
      }
      assert.equal(icons.hospital!.width, 18 * ratio);
    }
  });

  test('the style is valid with its label layers, in the language asked for', async () => {
    const style = (await app.inject({ url: '/tiles/style.json?lang=pl&theme=dark' })).json();
    assert.deepEqual(validateStyleMin(style), []);
    const labels = style.layers.filter((layer: { type: string }) => layer.type === 'symbol');
    assert.deepEqual(
      labels.map((layer: { id: string }) => layer.id),
      ['street-label', 'housenumber-label', 'poi-label', 'district-label', 'place-label'],
    );
    const street = labels[0];
    assert.equal(street.layout['symbol-placement'], 'line');
    assert.deepEqual(street.layout['text-field'], [
      'coalesce',
      ['get', 'name:pl'],
      ['get', 'name'],
    ]);
    const english = (await app.inject({ url: '/tiles/style.json?lang=en' })).json();
    assert.deepEqual(
      english.layers.find((l: { id: string }) => l.id === 'place-label').layout['text-field'],
      ['coalesce', ['get', 'name:en'], ['get', 'name']],
    );
    const other = (await app.inject({ url: '/tiles/style.json?lang=xx' })).json();
    assert.deepEqual(
      other.layers.find((l: { id: string }) => l.id === 'place-label').layout['text-field'],
      ['get', 'name'],
    );
  });

  test("glyphs and sprite on the page's origin when it is the request's host", async () => {
    const style = async (origin: string, host = 'localhost:8080') =>
      (
        await app.inject({
          url: `/tiles/style.json?origin=${encodeURIComponent(origin)}`,
          headers: { host },
        })
      ).json();
    const own = await style('https://localhost:8080');
    assert.equal(own.sprite, 'https://localhost:8080/tiles/sprite-v1');
    assert.equal(own.glyphs, 'https://localhost:8080/tiles/glyphs-v1/{fontstack}/{range}.pbf');
    for (const other of ['https://evil.example', 'https://localhost:8080/x', 'javascript:1'])
      assert.equal((await style(other)).sprite, '/tiles/sprite-v1', other);
  });

  test('the tiles carry the names: streets, places, notable POIs, house numbers', async () => {
    const style = (await app.inject({ url: '/tiles/style.json' })).json();
    const url = style.sources.osm.tiles[0].replace('{z}/{x}/{y}', tileAt(50.003, 20.005, 14));
    const reply = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const tile = new VectorTile(new PbfReader(gunzipSync(reply.rawPayload)));
    const properties = (layer: string) =>
      Array.from({ length: tile.layers[layer]?.length ?? 0 }, (_, i) =>
        tile.layers[layer]!.feature(i).toGeoJSON(0, 0, 14),
      ).map((feature): Record<string, unknown> => ({
        type: feature.geometry.type,
        ...feature.properties,
      }));
    const streets = properties('roads').filter((road) => road.name);
    assert.ok(streets.some((road) => road.name === 'Floriańska' && road.type === 'LineString'));
    assert.ok(
      streets.some(
        (road) => road.name === 'Świętej Anny' && road['name:en'] === "St Anne's Street",
      ),
    );
    const places = properties('place');
    assert.deepEqual(
      places.find((place) => place.name === 'Stare Miasto'),
      { type: 'Point', class: 'suburb', name: 'Stare Miasto', 'name:en': 'Old Town' },
      'a name:pl equal to the name is left out',
    );
    assert.ok(places.some((place) => place.name === 'Testowo' && place.class === 'town'));
    const pois = properties('poi');
    assert.ok(pois.some((poi) => poi.class === 'hotel' && poi.name === 'Hotel Pod Różą'));
    assert.ok(pois.some((poi) => poi.class === 'hospital' && poi.name === 'Szpital Miejski'));
    assert.ok(pois.some((poi) => poi.class === 'taxi' && poi.name === undefined));
    assert.ok(pois.some((poi) => poi.class === 'landmark' && poi.name === 'Zamek Królewski'));
    assert.ok(!pois.some((poi) => String(poi.name).startsWith('Apteka')), 'minor POIs left out');
    const numbers = properties('housenumber').map((house) => house.housenumber);
    assert.ok(numbers.includes('7') && numbers.includes('14'));
  });

  test('lower zoom levels: place names stay, street names, POIs and house numbers go', async () => {
    const style = (await app.inject({ url: '/tiles/style.json' })).json();
    const url = style.sources.osm.tiles[0].replace('{z}/{x}/{y}', tileAt(50.003, 20.005, 11));
    const reply = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const tile = new VectorTile(new PbfReader(gunzipSync(reply.rawPayload)));
    assert.ok(tile.layers.place);
    assert.equal(tile.layers.poi, undefined);
    assert.equal(tile.layers.housenumber, undefined);
    const roads = tile.layers.roads!;
    for (let i = 0; i < roads.length; i++)
      assert.equal(roads.feature(i).properties.name, undefined);
  });
});
