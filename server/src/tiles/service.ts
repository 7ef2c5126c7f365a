import { gzipSync } from 'node:zlib';
import type { MapData } from '../geo/map.ts';
import { MAX_ZOOM, TileSet } from './tileset.ts';

/** Bumped when what a tile holds changes (layers, classes, zoom levels), to outdate cached tiles. */
export const TILES_VERSION = 2;

/** Tile sets (feature boxes and grid) kept at once; one dropped is built again when needed. */
const MAX_TILE_SETS = 4;
/** What an entry of the tile cache costs besides its bytes (key, map entry). */
const ENTRY_OVERHEAD = 120;

export interface TileLog {
  info(details: object, message: string): void;
}

/** A tile's coordinates, or undefined when they are not whole numbers in range. */
export function tileCoordinates(
  z: string,
  x: string,
  y: string,
): { z: number; x: number; y: number } | undefined {
  if (![z, x, y].every((value) => /^\d{1,9}$/.test(value))) return undefined;
  const [zoom, column, row] = [Number(z), Number(x), Number(y)];
  if (zoom > MAX_ZOOM || column >= 2 ** zoom || row >= 2 ** zoom) return undefined;
  return { z: zoom, x: column, y: row };
}

/**
 * The vector tiles of every extract: a tile set built on the first tile asked of an extract (and
 * dropped when more than MAX_TILE_SETS are in use), tiles cut on demand and kept gzipped in a
 * least-recently-used cache of bounded size, which is all the memory tiles take besides the
 * extract's map data and its tile set's feature grid.
 */
export class TileService {
  readonly #sets = new Map<string, TileSet>();
  /** Gzipped tiles by "id/z/x/y", least recently used first; an empty buffer for no tile. */
  readonly #tiles = new Map<string, Buffer>();
  readonly #maxBytes: number;
  readonly #log: TileLog;
  #bytes = 0;

  constructor(options: { cacheBytes: number; log: TileLog }) {
    this.#maxBytes = options.cacheBytes;
    this.#log = options.log;
  }

  /** The tile set id of an import (its cache key), '' when the import has none. */
  static id(importKey: string): string {
    return importKey ? `${importKey}-${TILES_VERSION}` : '';
  }

  /** Bytes held by the tile cache. */
  get cachedBytes(): number {
    return this.#bytes;
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
    if (tile) {
      this.#tiles.delete(key);
    } else {
      const raw = this.#set(id, map).tile(z, x, y);
      tile = raw ? gzipSync(raw) : Buffer.alloc(0);
      this.#bytes += tile.length + ENTRY_OVERHEAD;
    }
    this.#tiles.set(key, tile);
    for (const [old, buffer] of this.#tiles) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#tiles.delete(old);
      this.#bytes -= buffer.length + ENTRY_OVERHEAD;
    }
    return tile.length > 0 ? tile : undefined;
  }
}
