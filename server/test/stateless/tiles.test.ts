import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import {
  Color,
  createPropertyExpression,
  featureFilter,
  isExpression,
  latest,
  type StylePropertySpecification,
  validateStyleMin,
} from '@maplibre/maplibre-gl-style-spec';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PbfReader } from 'pbf';
import { DEMO_EXTRACT, type LimitsConfig, limitsConfig } from '../../src/base/config.ts';
import { importExtract } from '../../src/geo/importer.ts';
import { MapBuilder, mapClass, type MapData, POLYGON } from '../../src/geo/map.ts';
import { type Coord, joinWays, seaPolygons } from '../../src/geo/map-geometry.ts';
import { evaluate } from '../../src/tiles/expression.ts';
import { LIGHT_LABELS } from '../../src/tiles/labels.ts';
import { TileService } from '../../src/tiles/service.ts';
import { styleLayers } from '../../src/tiles/style.ts';
import { TileSet } from '../../src/tiles/tileset.ts';
import { TOWN_FILE } from '../fixtures/make-town.ts';
import { tileAt } from '../support/tile-coordinates.ts';
import { corporationFile, startApp } from '../support/helpers.ts';

interface Style {
  version: number;
  metadata?: { 'taxi:raster'?: string };
  glyphs?: string;
  sprite?: string;
  transition?: { duration: number; delay: number };
  sources: Record<string, { type: string; tiles: string[]; minzoom: number; maxzoom: number }>;
  layers: {
    id: string;
    type: string;
    source?: string;
    'source-layer'?: string;
    paint?: Record<string, unknown>;
  }[];
}

/**
 * The shader program MapLibre draws a line or area layer with, as it tells them apart: each
 * per-feature paint property is a vertex attribute ('a', or 'z' when it also follows the zoom),
 * each other one a uniform; dashed lines are a variant of their own.
 */
function programOf(layer: Style['layers'][number]): string {
  const specs = (latest as unknown as Record<string, Record<string, { 'property-type': string }>>)[
    `paint_${layer.type}`
  ]!;
  // An area without an outline colour is outlined in its fill colour, drawn the same way.
  const paint: Record<string, unknown> = {
    'fill-outline-color': layer.paint?.['fill-color'],
    ...layer.paint,
  };
  const kinds = Object.entries(specs)
    .filter(([, spec]) => /data-driven/.test(spec['property-type']))
    .map(([name, spec]) => {
      const value = paint[name];
      if (!isExpression(value)) return `${name}:u`;
      const parsed = createPropertyExpression(value, spec as never);
      if (parsed.result !== 'success') throw new Error(`${layer.id} ${name}: ${parsed.value}`);
      const kind = { constant: 'u', camera: 'u', source: 'a', composite: 'z' }[parsed.value.kind];
      return `${name}:${kind}`;
    });
  return [layer.type, paint['line-dasharray'] ? 'dashed' : '', ...kinds].join(' ');
}

async function styleOf(app: FastifyInstance, url = '/tiles/style.json'): Promise<Style> {
  const reply = await app.inject({ url });
  assert.equal(reply.statusCode, 200, reply.body);
  return reply.json();
}

/** The tile URL of the style's source for z/x/y. */
function tileUrl(style: Style, zxy: string): string {
  return style.sources.osm!.tiles[0]!.replace('{z}/{x}/{y}', zxy);
}

function decode(body: Buffer): VectorTile {
  return new VectorTile(new PbfReader(body));
}

/** Each feature's class (and brunnel) in a layer, with its geometry type. */
function classes(layer: VectorTileLayer | undefined): string[] {
  const out: string[] = [];
  for (let i = 0; i < (layer?.length ?? 0); i++) {
    const feature = layer!.feature(i);
    const { class: kind, brunnel } = feature.properties;
    out.push(`${kind}${brunnel ? `/${brunnel}` : ''}:${feature.type}`);
  }
  return out.sort();
}

/** A raster tile's URL from the style's template for z/x/y, `ratio` '' or '@2x'. */
function rasterUrl(style: Style, zxy: string, ratio = ''): string {
  return style.metadata!['taxi:raster']!.replace('{z}/{x}/{y}', zxy).replace('{r}', ratio);
}

/** A WebP's width and height, read from its first chunk: lossy (VP8) or extended (VP8X). */
function pictureSize(webp: Buffer): [number, number] {
  assert.equal(webp.subarray(0, 4).toString('latin1'), 'RIFF');
  assert.equal(webp.subarray(8, 12).toString('latin1'), 'WEBP');
  const chunk = webp.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return [webp.readUIntLE(24, 3) + 1, webp.readUIntLE(27, 3) + 1];
  assert.equal(chunk, 'VP8 ', 'a lossy picture');
  return [webp.readUInt16LE(26) & 0x3fff, webp.readUInt16LE(28) & 0x3fff];
}

/** A picture's pixels as 0xRRGGBB, row by row. */
async function pixelsOf(picture: Buffer): Promise<{ width: number; colours: number[] }> {
  const image = await loadImage(picture);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  const colours: number[] = [];
  for (let i = 0; i < data.length; i += 4)
    colours.push((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return { width: image.width, colours };
}

/** The colour most pixels have (the land, in the town). */
function commonest(colours: number[]): number {
  const counts = new Map<number, number>();
  for (const colour of colours) counts.set(colour, (counts.get(colour) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

describe('map geometry of the importer', () => {
  test('classes: roads by class, tunnels and bridges, areas only when closed', () => {
    assert.deepEqual(mapClass({ highway: 'primary_link', tunnel: 'yes' }, false), {
      layer: 'roads',
      kind: 'primary',
      area: false,
      flags: 1,
    });
    assert.equal(mapClass({ highway: 'footway', bridge: 'yes' }, false)?.flags, 2);
    assert.equal(mapClass({ highway: 'living_street' }, false)?.kind, 'residential');
    assert.equal(mapClass({ building: 'yes' }, true)?.layer, 'building');
    assert.equal(mapClass({ building: 'yes' }, false), undefined);
    assert.equal(mapClass({ leisure: 'park' }, true)?.kind, 'park');
    assert.equal(mapClass({ natural: 'water' }, true)?.layer, 'water');
    assert.equal(mapClass({ railway: 'tram' }, false)?.kind, 'tram');
    assert.equal(mapClass({ railway: 'abandoned' }, false), undefined);
    assert.equal(mapClass({ highway: 'pedestrian', area: 'yes' }, true)?.kind, 'pedestrian');
    assert.equal(mapClass({ amenity: 'bench' }, false), undefined);
  });

  test('ways are joined into rings, also against their direction unless directed', () => {
    assert.deepEqual(
      joinWays(
        [
          [1, 2, 3],
          [1, 4, 3],
        ],
        false,
      ),
      [[1, 2, 3, 4, 1]],
    );
    assert.deepEqual(
      joinWays(
        [
          [3, 4],
          [1, 2, 3],
          [9, 8],
        ],
        true,
      ),
      [
        [1, 2, 3, 4],
        [9, 8],
      ],
    );
  });

  test('the sea lies right of the coastline, closed along the box; islands are holes', () => {
    const box: [number, number, number, number] = [0, 0, 10, 10];
    const coast: Coord[] = [
      [0, 5],
      [10, 5],
    ];
    const island: Coord[] = [
      [4, 2],
      [6, 2],
      [6, 3],
      [4, 3],
      [4, 2],
    ];
    const [sea, ...others] = seaPolygons([coast, island], box);
    assert.equal(others.length, 0);
    assert.deepEqual(sea![0], [
      [0, 5],
      [0, 5],
      [10, 5],
      [10, 5],
      [10, 0],
      [0, 0],
      [0, 5],
    ]);
    assert.deepEqual(sea![1], island);
    // Running west, the land is south: the sea is the northern half.
    const north = seaPolygons([[...coast].reverse()], box);
    assert.ok(north[0]![0]!.some(([, lat]) => lat === 10));
    assert.ok(!north[0]![0]!.some(([, lat]) => lat === 0));
    assert.deepEqual(seaPolygons([island], box), [], 'no open coastline: unknown');
  });

  test('the town: a multipolygon park with its pond as a hole, the sea, rivers, railways', async () => {
    const { map } = await importExtract(TOWN_FILE);
    const found = (kind: string) => {
      const f = map.kind.findIndex((k, i) => map.classes[k] === kind && map.shape[i] === POLYGON);
      return f === -1 ? undefined : map.ringStart[f + 1]! - map.ringStart[f]!;
    };
    assert.equal(found('park'), 2, 'outer ring and the pond');
    assert.equal(found('sea'), 2, 'the sea and the island');
    assert.equal(found('water'), 1);
    assert.deepEqual(map.bounds, [19.985, 49.99, 20.045, 50.0078]);
  });
});

/** The town fixture's corporation, one without an extract and one whose extract is missing. */
const townCorporations = () => [
  corporationFile('demo', ['localhost'], { geo: { extract: TOWN_FILE } }),
  corporationFile('bare', ['bare.example']),
  corporationFile('lost', ['lost.example'], { geo: { extract: 'no/such/file.osm.pbf' } }),
];

describe('GET /tiles/style.json and the tiles (the town fixture)', async () => {
  const { app } = await startApp({ corporations: townCorporations() });
  const centre = tileAt(50.003, 20.005, 14);

  test('the style: version 8, valid, one vector source, glyphs and sprite of its own', async () => {
    const reply = await app.inject({ url: '/tiles/style.json' });
    assert.equal(reply.statusCode, 200);
    assert.equal(reply.headers['cache-control'], 'no-cache');
    assert.match(String(reply.headers['content-type']), /^application\/json/);
    const style: Style = reply.json();
    assert.equal(style.version, 8);
    assert.deepEqual(validateStyleMin(style as never), []);
    assert.equal(style.glyphs, '/tiles/glyphs-v1/{fontstack}/{range}.pbf');
    assert.equal(style.sprite, '/tiles/sprite-v1');
    const source = style.sources.osm!;
    assert.equal(source.type, 'vector');
    assert.equal(source.maxzoom, 14);
    assert.match(source.tiles[0]!, /^\/tiles\/[0-9a-f]{16}-\d+\/\{z\}\/\{x\}\/\{y\}\.pbf$/);
    const used = new Set(style.layers.map((layer) => layer['source-layer']).filter(Boolean));
    assert.deepEqual(
      [...used].sort(),
      [
        'building',
        'housenumber',
        'landuse',
        'place',
        'poi',
        'railway',
        'roads',
        'water',
        'waterway',
      ],
      'every tile layer is drawn',
    );
  });

  test('the style changes at once: no 300 ms transitions that keep a phone drawing', async () => {
    // MapLibre's default fades every layer in over 300 ms: a frame each 16 ms on start, each a
    // whole map in a phone's (or a headless browser's software) WebGL.
    assert.deepEqual((await styleOf(app)).transition, { duration: 0, delay: 0 });
  });

  test('its lines need two shader programs (solid, dashed) and its areas one', async () => {
    // A program compiles before the map first draws a layer that needs it: tens of ms each on a
    // cheap phone's GPU, and most of the map's start in a headless browser's software WebGL.
    for (const theme of ['light', 'dark']) {
      const style = await styleOf(app, `/tiles/style.json?theme=${theme}`);
      const programs = (type: string) =>
        new Set(style.layers.filter((layer) => layer.type === type).map(programOf)).size;
      assert.equal(programs('line'), 2, `${theme}: programs of the line layers`);
      assert.equal(programs('fill'), 1, `${theme}: programs of the area layers`);
    }
  });

  test('a dark variant with other colours', async () => {
    const light = await styleOf(app);
    const dark = await styleOf(app, '/tiles/style.json?theme=dark');
    const background = (style: Style) =>
      JSON.stringify(style.layers.find((layer) => layer.type === 'background'));
    assert.notEqual(background(dark), background(light));
    assert.deepEqual(validateStyleMin(dark as never), []);
    assert.deepEqual(dark.sources, light.sources);
  });

  test('a z14 tile over the town holds its roads, buildings, park, water and railway', async () => {
    const style = await styleOf(app);
    const reply = await app.inject({
      url: tileUrl(style, centre),
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(reply.statusCode, 200);
    assert.equal(reply.headers['content-type'], 'application/x-protobuf');
    assert.equal(reply.headers['content-encoding'], 'gzip');
    assert.equal(reply.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(reply.headers.vary), /Accept-Encoding/);
    const tile = decode(gunzipSync(reply.rawPayload));
    const roads = classes(tile.layers.roads);
    // Seven residential streets and Wolska (unclassified) leaving east; Polna is beyond the tile.
    assert.equal(roads.filter((r) => r === 'residential:2').length, 8);
    assert.ok(roads.includes('secondary:2') && roads.includes('tertiary:2'));
    assert.ok(roads.includes('footway:2'));
    // Długa 7, the hospital, and the castle's two wings (one multipolygon feature each).
    assert.deepEqual(classes(tile.layers.building), [
      'building:3',
      'building:3',
      'building:3',
      'building:3',
    ]);
    assert.deepEqual(classes(tile.layers.landuse), ['park:3']);
    assert.deepEqual(classes(tile.layers.water), ['sea:3', 'water:3']);
    assert.deepEqual(classes(tile.layers.railway), ['rail/tunnel:2', 'rail:2', 'rail:2']);
    assert.deepEqual(classes(tile.layers.waterway), ['river:2']);
    // The park is where the file has it, its pond a hole in it.
    const park = tile.layers
      .landuse!.feature(0)
      .toGeoJSON(...(centre.split('/').slice(1).map(Number) as [number, number]), 14);
    assert.equal(park.geometry.type, 'Polygon');
    if (park.geometry.type !== 'Polygon') return;
    assert.equal(park.geometry.coordinates.length, 2);
    const lats = park.geometry.coordinates[0]!.map(([, lat]) => lat!);
    assert.ok(Math.abs(Math.min(...lats) - 50.0032) < 1e-4, `${Math.min(...lats)}`);
  });

  test('without gzip the same tile, uncompressed; a second ask comes from the cache', async () => {
    const style = await styleOf(app);
    const plain = await app.inject({ url: tileUrl(style, centre) });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    const gzipped = await app.inject({
      url: tileUrl(style, centre),
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.deepEqual(gunzipSync(gzipped.rawPayload), plain.rawPayload);
    assert.ok(decode(plain.rawPayload).layers.roads!.length > 0);
  });

  test('low zoom levels leave out the minor features', async () => {
    const style = await styleOf(app);
    const reply = await app.inject({ url: tileUrl(style, tileAt(50.003, 20.005, 11)) });
    assert.equal(reply.statusCode, 200);
    const tile = decode(reply.rawPayload);
    assert.equal(tile.layers.building, undefined);
    assert.deepEqual(
      [...new Set(classes(tile.layers.roads))],
      ['secondary:2', 'tertiary:2'],
      'no residential streets or footways',
    );
    assert.ok(tile.layers.water, 'the sea');
  });

  test('a tile far from the extract is empty: 204, cacheable', async () => {
    const style = await styleOf(app);
    const reply = await app.inject({ url: tileUrl(style, tileAt(-33.9, 18.4, 14)) });
    assert.equal(reply.statusCode, 204);
    assert.equal(reply.rawPayload.length, 0);
    assert.equal(reply.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('bad coordinates and unknown tile sets are 404 with NOT_FOUND', async () => {
    const style = await styleOf(app);
    for (const zxy of ['15/0/0', '14/16384/0', '14/0/16384', '-1/0/0', 'a/b/c', '14/1.5/2']) {
      const reply = await app.inject({ url: tileUrl(style, zxy) });
      assert.equal(reply.statusCode, 404, zxy);
      assert.equal(reply.json().error_data, 'NOT_FOUND');
      assert.equal(reply.headers['cache-control'], 'no-cache');
    }
    const noSuffix = await app.inject({ url: tileUrl(style, centre).replace(/\.pbf$/, '') });
    assert.equal(noSuffix.statusCode, 404);
    const stale = await app.inject({ url: `/tiles/0123456789abcdef-1/${centre}.pbf` });
    assert.equal(stale.statusCode, 404);
    assert.match(stale.json().status_mesg, /tile set/);
    // Never the app's page, whatever the path under /tiles/.
    const other = await app.inject({ url: '/tiles/a/b' });
    assert.equal(other.statusCode, 404);
    assert.equal(other.json().error_data, 'NOT_FOUND');
  });

  test('a corporation without an extract (or with a missing one): style and tiles 404', async () => {
    const style = await styleOf(app);
    for (const host of ['bare.example', 'lost.example']) {
      const styleReply = await app.inject({ url: '/tiles/style.json', headers: { host } });
      assert.equal(styleReply.statusCode, 404, host);
      assert.equal(styleReply.json().error_data, 'NOT_FOUND');
      const tileReply = await app.inject({ url: tileUrl(style, centre), headers: { host } });
      assert.equal(tileReply.statusCode, 404, host);
      assert.match(tileReply.json().status_mesg, /no map extract/);
    }
    const unknown = await app.inject({
      url: '/tiles/style.json',
      headers: { host: 'nobody.example' },
    });
    assert.equal(unknown.statusCode, 404);
  });

  test('a host name asked for in the query travels on to the tiles', async () => {
    const style = await styleOf(app, '/tiles/style.json?hostname=localhost');
    const url = tileUrl(style, centre);
    assert.match(url, /\.pbf\?hostname=localhost$/);
    const reply = await app.inject({ url, headers: { host: 'bare.example' } });
    assert.equal(reply.statusCode, 200);
  });
});

describe('raster tiles: GET /tiles/<id>/<look>/<z>/<x>/<y>.webp (the town fixture)', async () => {
  const { app } = await startApp({ corporations: townCorporations() });
  const centre = tileAt(50.003, 20.005, 14);

  async function picture(url: string, host?: string): Promise<Buffer> {
    const reply = await app.inject({ url, ...(host && { headers: { host } }) });
    assert.equal(reply.statusCode, 200, `${url}: ${reply.body.slice(0, 200)}`);
    assert.equal(reply.headers['content-type'], 'image/webp');
    assert.equal(reply.headers['cache-control'], 'public, max-age=31536000, immutable');
    return reply.rawPayload;
  }

  test('the style names them in its metadata, in its own theme and language', async () => {
    const style = await styleOf(app);
    const template = style.metadata?.['taxi:raster'] ?? '';
    const match = /^\/tiles\/([0-9a-f]{16}-\d+)-r\d+\/light\/\{z\}\/\{x\}\/\{y\}\{r\}\.webp$/.exec(
      template,
    );
    assert.ok(match, template);
    // The vector tiles' id with the drawing's version.
    assert.ok(style.sources.osm!.tiles[0]!.startsWith(`/tiles/${match[1]}/`));
    const dark = await styleOf(app, '/tiles/style.json?theme=dark&lang=pl');
    assert.match(dark.metadata!['taxi:raster']!, /\/dark-pl\/\{z\}/);
    assert.deepEqual(validateStyleMin(dark as never), []);
    for (const ratio of ['', '@2x']) await picture(rasterUrl(dark, centre, ratio));
  });

  test('a host name asked for in the query travels on to them', async () => {
    const style = await styleOf(app, '/tiles/style.json?hostname=localhost&lang=en');
    const url = rasterUrl(style, centre, '@2x');
    assert.match(url, /\/light-en\/14\/\d+\/\d+@2x\.webp\?hostname=localhost$/);
    await picture(url, 'bare.example');
  });

  test('a tile of the town: a WebP of 256 px, 512 px @2x, in many colours', async () => {
    const style = await styleOf(app);
    for (const [ratio, size] of [
      ['', 256],
      ['@2x', 512],
    ] as const) {
      const tile = await picture(rasterUrl(style, centre, ratio));
      assert.deepEqual(pictureSize(tile), [size, size]);
      const { colours } = await pixelsOf(tile);
      assert.equal(colours.length, size * size);
      // Land, park, water, streets, buildings, labels and their blends.
      assert.ok(new Set(colours).size >= 8, `${new Set(colours).size} colours`);
    }
  });

  test('a dark tile is not the light one', async () => {
    const light = await picture(rasterUrl(await styleOf(app), centre));
    const dark = await picture(
      rasterUrl(await styleOf(app, '/tiles/style.json?theme=dark'), centre),
    );
    assert.notEqual(
      commonest((await pixelsOf(dark)).colours),
      commonest((await pixelsOf(light)).colours),
    );
  });

  test('beyond zoom 14 the map is overzoomed: z16 and z18 draw the z14 data', async () => {
    const style = await styleOf(app);
    for (const z of [16, 18]) {
      const tile = await picture(rasterUrl(style, tileAt(50.003, 20.005, z), '@2x'));
      assert.deepEqual(pictureSize(tile), [512, 512]);
      assert.ok(new Set((await pixelsOf(tile)).colours).size >= 4, `z${z}: not only land`);
    }
    // Outside the tile set's zoom levels: the background only.
    const world = await picture(rasterUrl(style, '0/0/0'));
    assert.equal(new Set((await pixelsOf(world)).colours).size, 1);
  });

  test('labels are drawn whole: none touches the edge of its tile', async () => {
    const style = await styleOf(app);
    // Text (and icons) are the only dark pixels of the light map.
    const dark = (colour: number) =>
      0.3 * (colour >> 16) + 0.59 * ((colour >> 8) & 255) + 0.11 * (colour & 255) < 110;
    // Lossy pictures keep a colour within a few steps of each channel.
    const street = parseInt(LIGHT_LABELS.street.slice(1), 16);
    const near = (colour: number) =>
      [16, 8, 0].every(
        (shift) => Math.abs(((colour >> shift) & 255) - ((street >> shift) & 255)) <= 12,
      );
    let inside = 0;
    let streetNames = 0;
    for (const z of [15, 16, 17]) {
      const [, x, y] = tileAt(50.003, 20.005, z).split('/').map(Number) as number[];
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++) {
          const zxy = `${z}/${x! + dx}/${y! + dy}`;
          const { width, colours } = await pixelsOf(await picture(rasterUrl(style, zxy)));
          colours.forEach((colour, i) => {
            const [px, py] = [i % width, Math.floor(i / width)];
            const edge = Math.min(px, py, width - 1 - px, width - 1 - py) < 2;
            if (dark(colour)) assert.ok(!edge, `${zxy}: a label at the edge, ${px},${py}`);
            if (dark(colour)) inside++;
            if (near(colour)) streetNames++;
          });
        }
    }
    assert.ok(inside > 300, `${inside} pixels of labels`);
    assert.ok(streetNames > 30, `${streetNames} pixels in the street names' colour`);
  });

  test('bad looks, zoom levels, coordinates, ids and files: 404 NOT_FOUND', async () => {
    const style = await styleOf(app);
    const template = style.metadata!['taxi:raster']!;
    const [, rasterId] = /^\/tiles\/([^/]+)\//.exec(template)!;
    const vectorId = rasterId!.replace(/-r\d+$/, '');
    const urls = [
      ...['blue', 'light-de', 'light-pl-x', 'dark-', 'Light', '-pl'].map(
        (look) => `/tiles/${rasterId}/${look}/${centre}.webp`,
      ),
      ...['19/0/0', '14/16384/0', '14/0/16384', '-1/0/0', 'a/b/c', '14/1.5/2'].map((zxy) =>
        rasterUrl(style, zxy),
      ),
      ...['.pbf', '.png', '@3x.webp', '', 'x.webp', '@2x'].map(
        (file) => `/tiles/${rasterId}/light/${centre}${file}`,
      ),
      `/tiles/${vectorId}/light/${centre}.webp`,
      `/tiles/${vectorId}-r0/light/${centre}.webp`,
      `/tiles/0123456789abcdef-2-r2/light/${centre}.webp`,
    ];
    for (const url of urls) {
      const reply = await app.inject({ url });
      assert.equal(reply.statusCode, 404, url);
      assert.deepEqual(Object.keys(reply.json()).sort(), ['error_data', 'status', 'status_mesg']);
      assert.equal(reply.json().error_data, 'NOT_FOUND', url);
      assert.equal(reply.headers['cache-control'], 'no-cache', url);
    }
    const deeper = await app.inject({ url: `/tiles/${rasterId}/light/${centre}/1.webp` });
    assert.equal(deeper.statusCode, 404);
    assert.equal(deeper.json().error_data, 'NOT_FOUND');
  });

  test('a corporation without an extract (or with a missing one): 404', async () => {
    const url = rasterUrl(await styleOf(app), centre);
    for (const host of ['bare.example', 'lost.example']) {
      const reply = await app.inject({ url, headers: { host } });
      assert.equal(reply.statusCode, 404, host);
      assert.match(reply.json().status_mesg, /no map extract/);
    }
    const unknown = await app.inject({ url, headers: { host: 'nobody.example' } });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error_data, 'NOT_FOUND');
  });
});

/** The town's corporation alone, on a server with some limits lowered. */
function townWithLimits(limits: Partial<LimitsConfig>) {
  return startApp({
    corporations: [corporationFile('demo', ['localhost'], { geo: { extract: TOWN_FILE } })],
    config: { limits: { ...limitsConfig({}), ...limits } },
  });
}

/** A tile refused for the minute: 429 ACTION_NOT_ALLOWED, to be asked again in 60 s. */
function assertRefusedForAMinute(reply: LightMyRequestResponse): void {
  assert.equal(reply.statusCode, 429);
  assert.equal(reply.json().error_data, 'ACTION_NOT_ALLOWED');
  assert.equal(reply.headers['retry-after'], '60');
}

describe('raster tiles count against the map tiles per address', async () => {
  const { app } = await townWithLimits({ tilesPerIpPerMinute: 2 });

  test('past the limit (vector and raster together): 429 ACTION_NOT_ALLOWED', async () => {
    const style = await styleOf(app);
    const centre = tileAt(50.003, 20.005, 14);
    assert.equal((await app.inject({ url: tileUrl(style, centre) })).statusCode, 200);
    assert.equal((await app.inject({ url: rasterUrl(style, centre) })).statusCode, 200);
    assertRefusedForAMinute(await app.inject({ url: rasterUrl(style, centre, '@2x') }));
  });
});

describe('raster tiles drawn (not yet cached) have a budget of their own per address', async () => {
  const { app } = await townWithLimits({ rasterDrawsPerIpPerMinute: 2 });

  test('a third new drawing in the minute: 429 ACTION_NOT_ALLOWED; drawn tiles still served', async () => {
    const style = await styleOf(app);
    const centre = tileAt(50.003, 20.005, 14);
    const east = tileAt(50.003, 20.03, 14);
    assert.equal((await app.inject({ url: rasterUrl(style, centre) })).statusCode, 200);
    assert.equal((await app.inject({ url: rasterUrl(style, centre, '@2x') })).statusCode, 200);
    // Drawing costs the server 10-100 ms of CPU a tile: a third new one waits a minute.
    assertRefusedForAMinute(await app.inject({ url: rasterUrl(style, east) }));
    // What is drawn already costs nothing more: a carrier's address shared by many passengers
    // of one town is not refused the town's tiles.
    assert.equal((await app.inject({ url: rasterUrl(style, centre) })).statusCode, 200);
    assert.equal((await app.inject({ url: tileUrl(style, east) })).statusCode, 200);
  });
});

describe('raster tiles with nothing of the map in them are one picture, drawn once', async () => {
  const { app } = await townWithLimits({ rasterDrawsPerIpPerMinute: 2 });

  test('however many are asked for, they cost no drawing budget', async () => {
    const style = await styleOf(app);
    // Far from the town at one zoom level, in both ratios: the background alone.
    const far = [tileAt(50.003, 25, 14), tileAt(40, 0, 14), tileAt(-30, 100, 14), tileAt(0, 0, 14)];
    const pictures: { ratio: string; bytes: Buffer }[] = [];
    for (const zxy of far)
      for (const ratio of ['', '@2x']) {
        const reply = await app.inject({ url: rasterUrl(style, zxy, ratio) });
        assert.equal(reply.statusCode, 200, `${zxy}${ratio}`);
        pictures.push({ ratio, bytes: reply.rawPayload });
      }
    for (const ratio of ['', '@2x']) {
      const same = pictures.filter((picture) => picture.ratio === ratio);
      for (const picture of same) assert.deepEqual(picture.bytes, same[0]!.bytes);
    }
    // The budget of 2 drawings is still whole.
    const centre = tileAt(50.003, 20.005, 14);
    assert.equal((await app.inject({ url: rasterUrl(style, centre) })).statusCode, 200);
    assert.equal((await app.inject({ url: rasterUrl(style, centre, '@2x') })).statusCode, 200);
  });
});

describe('raster tiles being drawn have a cap for the whole server', async () => {
  const { app } = await townWithLimits({ rasterDrawQueue: 1 });

  test('past it: 503 ACTION_NOT_ALLOWED, to be asked again in a second', async () => {
    const style = await styleOf(app);
    // Six tiles side by side in the middle of the town.
    const [z, x, y] = tileAt(50.003, 20.005, 17).split('/').map(Number) as [number, number, number];
    const town = [-2, -1, 0, 1, 2, 3].map((dx) => `${z}/${x + dx}/${y}`);
    const replies = await Promise.all(
      town.map((zxy) => app.inject({ url: rasterUrl(style, zxy, '@2x') })),
    );
    const busy = replies.filter((reply) => reply.statusCode === 503);
    assert.equal(replies.filter((reply) => reply.statusCode === 200).length, 1);
    assert.equal(busy.length, town.length - 1);
    for (const reply of busy) {
      assert.equal(reply.json().error_data, 'ACTION_NOT_ALLOWED');
      assert.equal(reply.headers['retry-after'], '1');
    }
  });
});

describe('the raster drawing', () => {
  test("evaluates the style's expressions as MapLibre does", async () => {
    const { map } = await importExtract(TOWN_FILE);
    // Every class of the town in every variant the style tells apart.
    const brunnels: Record<string, string>[] = [{}, { brunnel: 'tunnel' }, { brunnel: 'bridge' }];
    const names: Record<string, string>[] = [
      {},
      { name: 'Rynek', 'name:pl': 'Rynek Główny' },
      { name: 'Zamek', 'name:en': 'Castle' },
    ];
    const samples: Record<string, string>[] = map.classes.flatMap((kind) =>
      brunnels.flatMap((brunnel) => names.map((name) => ({ class: kind, ...brunnel, ...name }))),
    );
    samples.push({ class: 'housenumber', housenumber: '7a' });
    const normal = (value: unknown) =>
      value instanceof Color || (typeof value === 'object' && value !== null)
        ? String(value)
        : value;
    const ours = (value: unknown) =>
      typeof value === 'string' && /^#[0-9a-f]{6}$/.test(value)
        ? String(Color.parse(value))
        : value;
    const specs = latest as unknown as Record<string, Record<string, StylePropertySpecification>>;
    const zooms = Array.from({ length: 27 }, (_, i) => 6 + i / 2);
    let compared = 0;
    for (const theme of ['light', 'dark'] as const)
      for (const language of ['pl', 'en', undefined] as const)
        for (const layer of styleLayers(theme, language)) {
          const filter = 'filter' in layer && layer.filter;
          if (filter) {
            const theirs = featureFilter(filter);
            for (const zoom of zooms)
              for (const tags of samples) {
                const feature = { type: 2 as const, properties: tags };
                const label: string = `${layer.id} filter at ${zoom}, ${JSON.stringify(tags)}`;
                assert.equal(evaluate(filter, zoom, tags), theirs.filter({ zoom }, feature), label);
                compared++;
              }
          }
          const properties = [
            ...Object.entries(layer.paint ?? {}).map(([name, value]) => [
              `paint_${layer.type}`,
              name,
              value,
            ]),
            ...Object.entries(layer.layout ?? {}).map(([name, value]) => [
              `layout_${layer.type}`,
              name,
              value,
            ]),
          ] as [string, string, unknown][];
          for (const [group, name, value] of properties) {
            if (!isExpression(value)) continue;
            const expression = createPropertyExpression(value, specs[group]![name]!);
            if (expression.result !== 'success') throw new Error(`${layer.id} ${name}`);
            for (const zoom of zooms)
              for (const tags of samples) {
                const theirs = normal(
                  expression.value.evaluate({ zoom }, { type: 2, properties: tags }),
                );
                const mine = ours(evaluate(value, zoom, tags));
                const label = `${theme} ${layer.id} ${name} at ${zoom}, ${JSON.stringify(tags)}`;
                if (typeof theirs === 'number')
                  assert.ok(Math.abs(theirs - (mine as number)) < 1e-9, label);
                else assert.equal(mine ?? '', theirs ?? '', label);
                compared++;
              }
          }
        }
    assert.ok(compared > 100_000, `${compared} values compared`);
  });
});

describe('the tile set', () => {
  /** Every tile of zoom 12-14 over the map (and a ring around it), cut both ways. */
  function sameTiles(map: MapData): number {
    const withGrid = new TileSet(map);
    const everything = new TileSet(map, { grid: false });
    let tiles = 0;
    for (let z = 12; z <= 14; z++) {
      const [, x0, y0] = tileAt(map.bounds[3], map.bounds[0], z).split('/').map(Number);
      const [, x1, y1] = tileAt(map.bounds[1], map.bounds[2], z).split('/').map(Number);
      for (let x = x0! - 1; x <= x1! + 1; x++)
        for (let y = y0! - 1; y <= y1! + 1; y++) {
          const expected = everything.tile(z, x, y);
          assert.deepEqual(withGrid.tile(z, x, y), expected, `${z}/${x}/${y}`);
          if (expected) tiles++;
        }
    }
    return tiles;
  }

  test('its grid finds every feature of every tile (as looking at all features does)', async () => {
    const tiles = sameTiles((await importExtract(TOWN_FILE)).map);
    assert.ok(tiles >= 15, `${tiles} tiles with features`);
  });

  test('also a feature too long for the grid, and features near the edges of cells', () => {
    const builder = new MapBuilder();
    const road = { layer: 'roads', kind: 'primary', area: false, flags: 0 } as const;
    builder.add(road, [
      [
        [19.6, 50.01],
        [20.4, 49.99],
      ],
    ]);
    // Short roads across the edge of a zoom-12 tile, and just beside it.
    for (const lng of [19.951, 19.9512, 19.9523, 19.9533])
      builder.add(road, [
        [
          [lng - 0.0005, 50.0],
          [lng, 50.0],
        ],
      ]);
    const tiles = sameTiles(builder.build());
    assert.ok(tiles >= 60, `${tiles} tiles with features`);
  });
});

describe('the tile set beyond zoom 14 (raster tiles)', () => {
  test('a tile holds the features of its z14 ancestor, scaled and clipped', async () => {
    const set = new TileSet((await importExtract(TOWN_FILE)).map);
    const [, x, y] = tileAt(50.003, 20.005, 14).split('/').map(Number) as [number, number, number];
    const ancestor = set.features(14, x, y)!;
    let checked = 0;
    for (let dx = 0; dx < 4; dx++)
      for (let dy = 0; dy < 4; dy++) {
        const child = set.features(16, x * 4 + dx, y * 4 + dy);
        for (const [layer, tile] of Object.entries(child ?? {})) {
          // The ancestor's points in the child's coordinates (4× finer, shifted).
          const points = ancestor[layer as keyof typeof ancestor]!.features.flatMap((feature) =>
            (feature.type === 1 ? [feature.geometry] : feature.geometry).flatMap((ring) =>
              ring.map(([px, py]) => [px * 4 - dx * 4096, py * 4 - dy * 4096]),
            ),
          );
          for (const feature of tile.features) {
            const ancestorClasses = ancestor[layer as keyof typeof ancestor]!.features.map(
              (f) => f.tags.class,
            );
            assert.ok(
              ancestorClasses.includes(feature.tags.class),
              `${layer} ${feature.tags.class}`,
            );
            const rings = feature.type === 1 ? [feature.geometry] : feature.geometry;
            // Every point inside the tile (the others are where clipping cut) is the ancestor's.
            for (const [px, py] of rings.flat())
              if (px > 0 && px < 4096 && py > 0 && py < 4096) {
                const near = points.some(([ax, ay]) => Math.hypot(ax! - px, ay! - py) <= 3);
                assert.ok(near, `${layer} point ${px},${py} of 16/${x * 4 + dx}/${y * 4 + dy}`);
                checked++;
              }
          }
        }
      }
    assert.ok(checked > 50, `${checked} points checked`);
  });
});

describe('the tile cache', () => {
  const drawAny = () => Promise.resolve(true);
  const drawNone = () => Promise.resolve(false);

  test('raster tiles stay within their own budget', async () => {
    const { map } = await importExtract(TOWN_FILE);
    const tiles = new TileService({
      cacheBytes: 0,
      rasterCacheBytes: 20_000,
      log: { info: () => {} },
    });
    for (let z = 12; z <= 17; z++) {
      const [, x, y] = tileAt(50.003, 20.005, z).split('/').map(Number) as [number, number, number];
      const look = { theme: 'light', language: undefined } as const;
      const picture = await tiles.raster('town', map, { z, x, y, ratio: 2, look }, drawAny);
      assert.ok(Buffer.isBuffer(picture));
      pictureSize(picture);
      assert.ok(tiles.cachedRasterBytes <= 20_000, `${tiles.cachedRasterBytes} bytes cached`);
      const again = await tiles.raster('town', map, { z, x, y, ratio: 2, look }, drawNone);
      assert.equal(again, picture, 'cached');
    }
    assert.ok(tiles.cachedRasterBytes > 0);
  });

  test('stays within its budget, least recently used out first', async () => {
    const { map } = await importExtract(TOWN_FILE);
    const tiles = new TileService({
      cacheBytes: 2_000,
      rasterCacheBytes: 0,
      log: { info: () => {} },
    });
    const [, x, y] = tileAt(50.003, 20.005, 14).split('/').map(Number) as [number, number, number];
    const first = tiles.tile('town', map, 14, x, y);
    assert.ok(first && first.length > 0);
    for (let z = 8; z <= 13; z++) {
      const [, tx, ty] = tileAt(50.003, 20.005, z).split('/').map(Number) as number[];
      tiles.tile('town', map, z, tx!, ty!);
      assert.ok(tiles.cachedBytes <= 2_000, `${tiles.cachedBytes} bytes cached`);
    }
    assert.ok(tiles.cachedBytes > 0);
  });
});

const monaco = fs.existsSync(DEMO_EXTRACT);

describe('the demo extract (Monaco)', { skip: !monaco && `no ${DEMO_EXTRACT}` }, async () => {
  const { app } = await startApp({
    corporations: [corporationFile('demo', ['localhost'], { geo: { extract: DEMO_EXTRACT } })],
  });

  test('a z14 tile over Monte Carlo holds roads of every class, buildings, the sea', async () => {
    const style = await styleOf(app);
    const reply = await app.inject({
      url: tileUrl(style, tileAt(43.7384, 7.4246, 14)),
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(reply.statusCode, 200);
    const tile = decode(gunzipSync(reply.rawPayload));
    const roads = new Set(classes(tile.layers.roads).map((c) => c.split(/[/:]/)[0]));
    for (const kind of ['primary', 'secondary', 'tertiary', 'residential', 'service', 'footway'])
      assert.ok(roads.has(kind), kind);
    assert.ok(tile.layers.building!.length > 100);
    assert.ok(classes(tile.layers.water).includes('sea:3'));
    assert.ok(tile.layers.landuse!.length > 10);
  });
});
