/**
 * The map tiles of a corporation's extract, as a browser fetches them from one server process:
 * time to the first tile (the tile set is built then), every tile over the extract at zoom 12 to 14
 * once (cut and cached), bytes per tile (gzipped, as sent), then tiles per second from the cache
 * with CONCURRENCY requests in flight; then, in this process, the memory the tile code keeps.
 * Monaco and Liechtenstein; for Monaco also the raster tiles (WebP) of zoom 13 to 16, 256 px and
 * @2x, each asked for once: time to the reply (drawn then) and bytes. Prints figures; not a
 * timed test.
 *
 *   node bench/server-tiles.ts      (BENCH_SECONDS=5, BENCH_CONCURRENCY=32)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { importExtract } from '@taxi/server/geo/importer';
import { TileService } from '@taxi/server/tiles/service';
import { tileXY } from '@taxi/server/test-support/tile-coordinates';
import { benchServer, loadAverage, percentile } from './server-common.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const EXTRACTS = ['monaco', 'liechtenstein'].map((name) => ({
  name,
  file: path.resolve(REPO, `../shared/data/osm/${name}.osm.pbf`),
}));
/** Raster tiles are drawn for this extract only (Liechtenstein has ~6,000 tiles at zoom 16). */
const RASTER_EXTRACT = 'monaco';

interface Style {
  sources: { osm: { tiles: string[]; bounds: [number, number, number, number] } };
  metadata: { 'taxi:raster': string };
}

/** Every tile of zoom z over the bounds. */
function tilesOver(bounds: [number, number, number, number], z: number): string[] {
  const [west, south, east, north] = bounds;
  const from = tileXY(north, west, z);
  const to = tileXY(south, east, z);
  const out: string[] = [];
  for (let x = from.x; x <= to.x; x++)
    for (let y = from.y; y <= to.y; y++) out.push(`${z}/${x}/${y}`);
  return out;
}

async function get(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  // fetch decompresses; the bytes on the wire are the Content-Length.
  await response.arrayBuffer();
  return {
    ms: performance.now() - started,
    bytes: Number(response.headers.get('content-length') ?? 0),
    status: response.status,
  };
}

/**
 * In this process: the heap the tile code keeps (after garbage collection) once every tile z8-14
 * over the extract has been cut, besides the encoded tiles in the cache.
 */
async function retained(extract: string): Promise<string> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  const { map } = await importExtract(extract);
  const before = heap();
  const tiles = new TileService({
    cacheBytes: 2 ** 30,
    rasterCacheBytes: 0,
    log: { info: () => {} },
  });
  let count = 0;
  const started = performance.now();
  for (let z = 8; z <= 14; z++)
    for (const zxy of tilesOver(map.bounds, z)) {
      const [, x, y] = zxy.split('/').map(Number);
      tiles.tile('bench', map, z, x!, y!);
      count++;
    }
  const ms = performance.now() - started;
  return `${count} tiles z8-14 cut in ${ms.toFixed(0)} ms (${(ms / count).toFixed(2)} ms a tile); heap kept: ${(heap() - before).toFixed(1)} MiB, encoded tiles cached: ${(tiles.cachedBytes / 2 ** 20).toFixed(1)} MiB`;
}

/**
 * Every raster tile z13-16 over the bounds once, 256 px then @2x: ms to the reply (drawn then)
 * and bytes; also the p50 time of the busier half (the larger pictures: the town, not the sea).
 */
async function rasters(template: string, bounds: [number, number, number, number]) {
  console.log(`  raster tiles (load ${loadAverage()}):`);
  for (const z of [13, 14, 15, 16])
    for (const ratio of ['', '@2x']) {
      const tiles: { ms: number; bytes: number }[] = [];
      for (const zxy of tilesOver(bounds, z)) {
        const result = await get(template.replace('{z}/{x}/{y}', zxy).replace('{r}', ratio));
        if (result.status !== 200) throw new Error(`${zxy}${ratio}: HTTP ${result.status}`);
        tiles.push(result);
      }
      const times = tiles.map((tile) => tile.ms).sort((a, b) => a - b);
      const sizes = tiles.map((tile) => tile.bytes).sort((a, b) => a - b);
      const busier = tiles
        .filter((tile) => tile.bytes >= percentile(sizes, 50))
        .map((tile) => tile.ms)
        .sort((a, b) => a - b);
      const mean = sizes.reduce((sum, bytes) => sum + bytes, 0) / sizes.length;
      console.log(
        `    z${z}${ratio || ' 256'}: ${times.length} tiles drawn: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms, busier half p50 ${percentile(busier, 50).toFixed(1)} ms; ` +
          `WebP bytes per tile: mean ${mean.toFixed(0)}, p50 ${percentile(sizes, 50)}, max ${sizes.at(-1)}`,
      );
    }
}

async function run(name: string, extract: string) {
  const { server, stop } = await benchServer({ geo: { extract } }, { TILE_CACHE_MB: '256' });
  try {
    // The style waits for the server's import of the extract.
    const style = (await (await fetch(`${server.base}/tiles/style.json`)).json()) as Style;
    const { tiles, bounds } = style.sources.osm;
    const url = (zxy: string) => server.base + tiles[0]!.replace('{z}/{x}/{y}', zxy);
    const centre = tileXY((bounds[1] + bounds[3]) / 2, (bounds[0] + bounds[2]) / 2, 14);
    const first = await get(url(`14/${centre.x}/${centre.y}`));
    console.log(
      `${name}: first tile (tile set built) ${first.ms.toFixed(0)} ms, ${first.bytes} bytes gzipped`,
    );
    const all: string[] = [];
    for (const z of [12, 13, 14]) {
      const list = tilesOver(bounds, z);
      all.push(...list);
      const sizes: number[] = [];
      const times: number[] = [];
      let empty = 0;
      for (const zxy of list) {
        const result = await get(url(zxy));
        times.push(result.ms);
        if (result.status === 204) empty++;
        else sizes.push(result.bytes);
      }
      sizes.sort((a, b) => a - b);
      times.sort((a, b) => a - b);
      const mean = sizes.reduce((s, b) => s + b, 0) / Math.max(1, sizes.length);
      console.log(
        `  z${z}: ${list.length} tiles (${empty} empty), cut once: p50 ${percentile(times, 50).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; ` +
          `gzipped bytes per tile: mean ${mean.toFixed(0)}, p50 ${percentile(sizes, 50)}, max ${sizes.at(-1) ?? 0}`,
      );
    }
    // Warm: the same tiles from the cache, CONCURRENCY in flight.
    let served = 0;
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let i = worker; performance.now() < until; i += CONCURRENCY) {
          await get(url(all[i % all.length]!));
          served++;
        }
      }),
    );
    console.log(
      `  warm (cached), ${CONCURRENCY} in flight: ${(served / SECONDS).toFixed(0)} tiles/s over ${all.length} tiles`,
    );
    console.log(`  in process: ${await retained(extract)}`);
    if (name === RASTER_EXTRACT) await rasters(server.base + style.metadata['taxi:raster'], bounds);
  } finally {
    await stop();
  }
}

for (const { name, file } of EXTRACTS) {
  if (fs.existsSync(file)) await run(name, file);
  else console.log(`${name}: no extract at ${file}: skipped`);
}
