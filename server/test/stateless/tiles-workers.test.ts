import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_EXTRACT } from '../../src/base/config.ts';
import { importExtract } from '../../src/geo/importer.ts';
import { DrawPool } from '../../src/tiles/draw-pool.ts';
import { drawTile } from '../../src/tiles/raster.ts';
import type { Look } from '../../src/tiles/style.ts';
import { type TileLayers, TileSet } from '../../src/tiles/tileset.ts';
import { TOWN_FILE } from '../fixtures/make-town.ts';
import { tileXY } from '../support/tile-coordinates.ts';
import { corporationFile, startApp } from '../support/helpers.ts';

const monaco = fs.existsSync(DEMO_EXTRACT);
const light: Look = { theme: 'light', language: undefined };

describe('drawing off the event loop', { skip: !monaco && `no ${DEMO_EXTRACT}` }, async () => {
  // One drawing thread, so that a batch takes as long on any machine.
  const { app } = await startApp({
    corporations: [corporationFile('demo', ['localhost'], { geo: { extract: DEMO_EXTRACT } })],
    config: { rasterWorkers: 1 },
  });

  test('while a batch of tiles draws, a cheap request is answered at once', async () => {
    const style = (await app.inject({ url: '/tiles/style.json' })).json();
    const template: string = style.metadata['taxi:raster'];
    const url = (z: number, x: number, y: number) =>
      template.replace('{z}/{x}/{y}', `${z}/${x}/${y}`).replace('{r}', '@2x');
    // The thread started, the tile set built: what is left is drawing.
    const wide = tileXY(43.7384, 7.4246, 13);
    assert.equal((await app.inject({ url: url(13, wide.x, wide.y) })).statusCode, 200);
    // Monte Carlo at z16 @2x: nine dense tiles, 10-40 ms of drawing each, 1-5 ms of cutting.
    const { x, y } = tileXY(43.7384, 7.4246, 16);
    const started = performance.now();
    const batch = [-1, 0, 1].flatMap((dx) =>
      [-1, 0, 1].map(async (dy) => {
        const reply = await app.inject({ url: url(16, x + dx, y + dy) });
        assert.equal(reply.statusCode, 200, reply.body.slice(0, 200));
      }),
    );
    await sleep(1);
    const cheap = await app.inject({ url: '/tiles/style.json' });
    const answered = performance.now() - started;
    assert.equal(cheap.statusCode, 200);
    await Promise.all(batch);
    const drawn = performance.now() - started;
    // Drawn on the event loop, the batch held the cheap request up until it was all but done.
    assert.ok(answered < drawn / 2, `style answered at ${answered} ms, tiles drawn at ${drawn} ms`);
  });
});

describe('the drawing threads', async () => {
  const { map } = await importExtract(TOWN_FILE);
  const { x, y } = tileXY(50.003, 20.005, 14);
  const town = new TileSet(map).features(14, x, y)!;
  const options = { z: 14, ratio: 2, look: light } as const;

  /** A pool closed after the file's tests. */
  function pool(size: number, entry?: URL): DrawPool {
    const made = new DrawPool(size, entry);
    after(() => made.close());
    return made;
  }

  test('draw the same picture as drawTile, byte for byte (as does a pool of 0, on the loop)', async () => {
    const expected = await drawTile(town, options);
    assert.deepEqual(await pool(1).draw(town, options), expected);
    assert.deepEqual(await pool(0).draw(town, options), expected);
  });

  test('a tile that cannot be drawn fails alone: the next one is drawn', async () => {
    const threads = pool(1);
    const broken = { roads: { features: [{ type: 2, geometry: null }] } } as unknown as TileLayers;
    await assert.rejects(threads.draw(broken, options), TypeError);
    assert.deepEqual(await threads.draw(town, options), await drawTile(town, options));
  });

  test('a thread that crashes fails its own tiles and is replaced', async () => {
    // The real worker, and beside it a listener that throws, uncaught, at the tiles of zoom 99.
    const worker = new URL('../../src/tiles/draw-worker.ts', import.meta.url);
    const crashing = `import { parentPort } from 'node:worker_threads';
      import '${worker}';
      parentPort.on('message', ({ options }) => { if (options.z === 99) throw new Error('crash'); });`;
    const threads = pool(1, new URL(`data:text/javascript,${encodeURIComponent(crashing)}`));
    const lost = [threads.draw(town, { ...options, z: 99 }), threads.draw(town, options)];
    for (const drawing of lost) await assert.rejects(drawing, /crash/);
    assert.deepEqual(await threads.draw(town, options), await drawTile(town, options));
  });
});
