import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { MapData } from '../geo/map.ts';
import { defaultDrawWorkers, DrawPool } from './draw-pool.ts';
import { RASTER_VERSION } from './raster.ts';
import { type Look, lookName } from './style.ts';
import { MAX_ZOOM, TileSet } from './tileset.ts';
import { rasterDraw } from '../metrics/record.ts';

/** Bumped when what a tile holds changes (layers, classes, zoom levels), to outdate cached tiles. */
export const TILES_VERSION = 2;

/** Tile sets (feature boxes and grid) kept at once; one dropped is built again when needed. */
const MAX_TILE_SETS = 4;
/** Pictures drawn at once unless told otherwise: a few seconds of work for the threads. */
const DRAW_QUEUE = 64;
/** What an entry of a tile cache costs besides its bytes (key, map entry). */
const ENTRY_OVERHEAD = 120;

export interface TileLog {
  info(details: object, message: string): void;
}

/** A tile's coordinates, or undefined when they are not whole numbers in range (z to `maxZoom`). */
export function tileCoordinates(
  z: string,
  x: string,
  y: string,
  maxZoom = MAX_ZOOM,
): { z: number; x: number; y: number } | undefined {
  if (![z, x, y].every((value) => /^\d{1,9}$/.test(value))) return undefined;
  const [zoom, column, row] = [Number(z), Number(x), Number(y)];
  if (zoom > maxZoom || column >= 2 ** zoom || row >= 2 ** zoom) return undefined;
  return { z: zoom, x: column, y: row };
}

/**
 * Buffers by key within a budget of bytes (each entry's overhead counted), the least recently
 * used dropped first. A budget of 0 keeps nothing: no entry fits in 1 byte.
 */
function byteCache(maxBytes: number): LRUCache<string, Buffer> {
  return new LRUCache<string, Buffer>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (buffer) => buffer.length + ENTRY_OVERHEAD,
  });
}

/**
 * The vector and raster tiles of every extract: a tile set built on the first tile asked of an
 * extract (and dropped when more than MAX_TILE_SETS are in use), tiles cut (and drawn) on demand
 * and kept, gzipped or as WebP, in two least-recently-used caches of bounded size, which is all
 * the memory tiles take besides the extract's map data and its tile set's feature grid. Raster
 * tiles are drawn in worker threads (DrawPool), to keep the event loop free.
 */
export class TileService {
  readonly #sets = new Map<string, TileSet>();
  /** Gzipped vector tiles by "id/z/x/y"; an empty buffer for no tile. */
  readonly #tiles: LRUCache<string, Buffer>;
  /** Pictures (WebP) by "id/look/z/x/y@ratio". */
  readonly #rasters: LRUCache<string, Buffer>;
  /** Pictures being drawn, so that a tile asked for twice at once is drawn once. */
  readonly #drawing = new Map<string, Promise<Buffer>>();
  /** Most pictures being drawn (or waiting for a thread) at once. */
  readonly #drawQueue: number;
  /**
   * The picture of a tile with nothing of the map in it (the background at its zoom level), by
   * theme, ratio and zoom: every tile outside the map is one of these, drawn once.
   */
  readonly #blank = new Map<string, Promise<Buffer>>();
  readonly #pool: DrawPool;
  readonly #log: TileLog;

  /**
   * `drawWorkers`: threads drawing raster tiles (0: on the event loop), defaultDrawWorkers();
   * `drawQueue`: pictures drawn at once, the rest refused (DRAW_QUEUE by default).
   */
  constructor(options: {
    cacheBytes: number;
    rasterCacheBytes: number;
    drawWorkers?: number | undefined;
    drawQueue?: number;
    log: TileLog;
  }) {
    this.#drawQueue = options.drawQueue ?? DRAW_QUEUE;
    this.#tiles = byteCache(options.cacheBytes);
    this.#rasters = byteCache(options.rasterCacheBytes);
    this.#pool = new DrawPool(options.drawWorkers ?? defaultDrawWorkers());
    this.#log = options.log;
  }

  /** The tile set id of an import (its cache key), '' when the import has none. */
  static id(importKey: string): string {
    return importKey ? `${importKey}-${TILES_VERSION}` : '';
  }

  /** The raster tiles' id of an import: the tile set's and the drawing's version. */
  static rasterId(importKey: string): string {
    const id = TileService.id(importKey);
    return id && `${id}-r${RASTER_VERSION}`;
  }

  /** Bytes held by the vector tile cache. */
  get cachedBytes(): number {
    return this.#tiles.calculatedSize;
  }

  /** Bytes held by the raster tile cache. */
  get cachedRasterBytes(): number {
    return this.#rasters.calculatedSize;
  }

  #set(id: string, map: MapData): TileSet {
    let set = this.#sets.get(id);
    if (set) {
      this.#sets.delete(id);
    } else {
      const started = performance.now();
      set = new TileSet(map);
      this.#log.info(
        { id, features: map.layer.length, ms: Math.round(performance.now() - started) },
        'tiles: tile set built',
      );
    }
    this.#sets.set(id, set);
    for (const old of this.#sets.keys()) {
      if (this.#sets.size <= MAX_TILE_SETS) break;
      this.#sets.delete(old);
    }
    return set;
  }

  /** The gzipped tile, or undefined when it is empty. */
  tile(id: string, map: MapData, z: number, x: number, y: number): Buffer | undefined {
    const key = `${id}/${z}/${x}/${y}`;
    let tile = this.#tiles.get(key);
    if (!tile) {
      const raw = this.#set(id, map).tile(z, x, y);
      tile = raw ? gzipSync(raw) : Buffer.alloc(0);
      this.#tiles.set(key, tile);
    }
    return tile.length > 0 ? tile : undefined;
  }

  /**
   * The picture (WebP) of raster tile z/x/y (z up to MAX_RASTER_ZOOM) of tile set `id` in a
   * look, 256 px or 512 at `ratio` 2; where the tile set has nothing, the map's background, drawn
   * once for every such tile. A tile neither kept nor being drawn is drawn only if `mayDraw`
   * agrees (a budget: else 'budget') and fewer than `drawQueue` are being drawn (else 'busy').
   */
  async raster(
    id: string,
    map: MapData,
    tile: { z: number; x: number; y: number; ratio: 1 | 2; look: Look },
    mayDraw: () => Promise<boolean>,
  ): Promise<Buffer | 'budget' | 'busy'> {
    const { z, x, y, ratio, look } = tile;
    const key = `${id}/${lookName(look)}/${z}/${x}/${y}@${ratio}`;
    const cached = this.#rasters.get(key) ?? this.#drawing.get(key);
    if (cached) return cached;
    const features = this.#set(id, map).features(z, x, y);
    if (!features) return this.#blankPicture(tile);
    if (this.#drawing.size >= this.#drawQueue) return 'busy';
    if (!(await mayDraw())) return 'budget';
    const again = this.#rasters.get(key) ?? this.#drawing.get(key);
    if (again) return again;
    // Counted again after the wait for the budget, with nothing awaited before the drawing is set.
    if (this.#drawing.size >= this.#drawQueue) return 'busy';
    const drawing = rasterDraw(this.#pool.draw(features, { z, ratio, look }));
    this.#drawing.set(key, drawing);
    try {
      const picture = await drawing;
      this.#rasters.set(key, picture);
      return picture;
    } finally {
      this.#drawing.delete(key);
    }
  }

  /** The background of a look at a zoom and ratio: the picture of every tile with nothing in it. */
  #blankPicture(tile: { z: number; ratio: 1 | 2; look: Look }): Promise<Buffer> {
    const key = `${tile.look.theme}/${tile.z}@${tile.ratio}`;
    let picture = this.#blank.get(key);
    if (!picture) {
      picture = this.#pool.draw({}, { z: tile.z, ratio: tile.ratio, look: tile.look });
      // A drawing that failed is tried again by the next tile.
      picture.catch(() => this.#blank.delete(key));
      this.#blank.set(key, picture);
    }
    return picture;
  }

  /** Ends the drawing threads. */
  close(): Promise<void> {
    return this.#pool.close();
  }
}
