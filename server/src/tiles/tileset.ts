import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, Geometry } from 'geojson';
import {
  BRIDGE,
  MAP_LAYERS,
  type MapData,
  type MapLayer,
  POINT,
  POLYGON,
  TUNNEL,
} from '../geo/map.ts';

/**
 * A feature of a cut tile as geojson-vt gives it, in tile coordinates: points, lines or rings
 * (written here: its own types do not resolve under NodeNext).
 */
export type TileFeature =
  | { type: 1; geometry: [number, number][]; tags: Record<string, string> }
  | { type: 2 | 3; geometry: [number, number][][]; tags: Record<string, string> };

/** A cut tile's features by layer. */
export type TileLayers = Partial<Record<MapLayer, { features: TileFeature[] }>>;

/** The zoom levels tiles are cut for; the map overzooms the last one. */
export const MIN_ZOOM = 8;
export const MAX_ZOOM = 14;
/** Tile coordinates run 0..EXTENT across a tile. */
export const EXTENT = 4096;
/** Geometry beyond the tile's edge, in tile units, so that lines and outlines join seamlessly. */
const BUFFER = 64;

/**
 * The first zoom level a feature is drawn at, per layer and class (default: the layer's own);
 * keeps the wide-area tiles small.
 */
const MIN_ZOOMS: Record<MapLayer, { layer: number; classes?: Record<string, number> }> = {
  water: { layer: MIN_ZOOM, classes: { pool: 14 } },
  waterway: { layer: MIN_ZOOM, classes: { stream: 12, ditch: 14 } },
  landuse: { layer: MIN_ZOOM, classes: { parking: 13, pedestrian: 13, pier: 12 } },
  building: { layer: 13 },
  roads: {
    layer: MIN_ZOOM,
    classes: {
      secondary: 9,
      tertiary: 11,
      residential: 12,
      service: 13,
      track: 13,
      pier: 13,
      footway: 14,
    },
  },
  railway: { layer: 10, classes: { subway: 12, tram: 12 } },
  place: {
    layer: MIN_ZOOM,
    classes: { village: 10, hamlet: 12, suburb: 11, borough: 11, quarter: 13, neighbourhood: 14 },
  },
  poi: { layer: 14, classes: { airport: 10, station: 13 } },
  housenumber: { layer: 14 },
};
/** Streets are named from this zoom level on (the style draws their names from there). */
const STREET_NAMES_ZOOM = 13;

function minZoom(layer: MapLayer, kind: string): number {
  const zooms = MIN_ZOOMS[layer];
  return zooms.classes?.[kind] ?? zooms.layer;
}

/** Features are bucketed by the tiles of this zoom level they touch. */
const GRID_ZOOM = 12;
/** A feature touching more grid tiles than this is checked for every tile instead. */
const MAX_CELLS = 16;

/** Web Mercator x and y of a point, 0..1 over the world. */
function mercator(lng: number, lat: number): [number, number] {
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return [lng / 360 + 0.5, 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI];
}

/**
 * The vector tiles of one extract. Each tile is cut when it is asked for: the features it
 * touches (a grid of zoom-12 cells finds them) and that are drawn at its zoom level are handed
 * to geojson-vt (geoJSONToTile: projection, simplification for the zoom level, clipping with a
 * buffer) and encoded as a Mapbox Vector Tile by vt-pbf. Nothing of a cut tile is kept here; the
 * TileService caches the encoded tile.
 */
export class TileSet {
  readonly #map: MapData;
  /** Per feature: its first zoom level. */
  readonly #minZoom: Uint8Array;
  /** Per feature: Mercator minX, minY, maxX, maxY (0..1). */
  readonly #box: Float64Array;
  readonly #grid = new Map<number, number[]>();
  readonly #large: number[] = [];
  readonly #useGrid: boolean;

  /** `grid: false` looks at every feature for every tile (to check the grid against). */
  constructor(map: MapData, { grid = true }: { grid?: boolean } = {}) {
    this.#map = map;
    this.#useGrid = grid;
    const count = map.layer.length;
    this.#minZoom = new Uint8Array(count);
    this.#box = new Float64Array(count * 4);
    const cells = 2 ** GRID_ZOOM;
    // Enough margin for the tile buffer at the grid's zoom level and beyond.
    const margin = BUFFER / EXTENT / cells;
    for (let f = 0; f < count; f++) {
      this.#minZoom[f] = minZoom(MAP_LAYERS[map.layer[f]!]!, map.classes[map.kind[f]!]!);
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
      for (
        let p = map.pointStart[map.ringStart[f]!]!;
        p < map.pointStart[map.ringStart[f + 1]!]!;
        p++
      ) {
        const [x, y] = mercator(map.lng[p]!, map.lat[p]!);
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
      this.#box.set([minX, minY, maxX, maxY], f * 4);
      const [x0, y0] = [Math.floor((minX - margin) * cells), Math.floor((minY - margin) * cells)];
      const [x1, y1] = [Math.floor((maxX + margin) * cells), Math.floor((maxY + margin) * cells)];
      if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) {
        this.#large.push(f);
        continue;
      }
      for (let x = x0; x <= x1; x++)
        for (let y = y0; y <= y1; y++) {
          const key = x * cells + y;
          const cell = this.#grid.get(key);
          if (cell) cell.push(f);
          else this.#grid.set(key, [f]);
        }
    }
  }

  /** Features that may touch tile z/x/y (a grid cell's and the large ones, or all of them). */
  #candidates(z: number, x: number, y: number): Iterable<number> {
    if (z < GRID_ZOOM || !this.#useGrid) return this.#minZoom.keys();
    const shift = z - GRID_ZOOM;
    const cell = this.#grid.get((x >> shift) * 2 ** GRID_ZOOM + (y >> shift)) ?? [];
    // In the extract's order, which is the drawing order within a layer (the sea first).
    return this.#large.length === 0 ? cell : [...cell, ...this.#large].sort((a, b) => a - b);
  }

  #geometry(f: number): Geometry {
    const map = this.#map;
    const ring = (r: number) => {
      const points: [number, number][] = [];
      for (let p = map.pointStart[r]!; p < map.pointStart[r + 1]!; p++)
        points.push([map.lng[p]!, map.lat[p]!]);
      return points;
    };
    const first = map.ringStart[f]!;
    const last = map.ringStart[f + 1]!;
    if (map.shape[f] === POINT) return { type: 'Point', coordinates: ring(first)[0]! };
    return map.shape[f] === POLYGON
      ? {
          type: 'Polygon',
          coordinates: Array.from({ length: last - first }, (_, i) => ring(first + i)),
        }
      : { type: 'LineString', coordinates: ring(first) };
  }

  /** A feature's name properties: `name`, `name:pl`, `name:en` (a house number's `housenumber`). */
  #names(f: number, z: number): Record<string, string> {
    const map = this.#map;
    const label = map.label[f]!;
    if (label < 0) return {};
    const layer = MAP_LAYERS[map.layer[f]!]!;
    if (layer === 'roads' && z < STREET_NAMES_ZOOM) return {};
    const { name, pl, en } = map.names[label]!;
    if (layer === 'housenumber') return { housenumber: name };
    return { name, ...(pl && { 'name:pl': pl }), ...(en && { 'name:en': en }) };
  }

  /** The tile as an uncompressed MVT, or undefined when nothing is drawn in it. */
  tile(z: number, x: number, y: number): Uint8Array | undefined {
    const layers = this.features(z, x, y);
    return layers && fromGeojsonVt(layers, { version: 2, extent: EXTENT });
  }

  /**
   * The tile's features by layer as geojson-vt cut them (tile coordinates 0..EXTENT, before MVT
   * encoding: what the raster tiles draw), or undefined when nothing is drawn in it.
   */
  features(z: number, x: number, y: number): TileLayers | undefined {
    const size = 1 / 2 ** z;
    const margin = (size * BUFFER) / EXTENT;
    const [minX, minY] = [x * size - margin, y * size - margin];
    const [maxX, maxY] = [(x + 1) * size + margin, (y + 1) * size + margin];
    const byLayer = MAP_LAYERS.map((): Feature[] => []);
    const map = this.#map;
    const box = this.#box;
    for (const f of this.#candidates(z, x, y)) {
      if (this.#minZoom[f]! > z) continue;
      if (box[f * 4]! > maxX || box[f * 4 + 2]! < minX) continue;
      if (box[f * 4 + 1]! > maxY || box[f * 4 + 3]! < minY) continue;
      const flags = map.flags[f]!;
      const brunnel = flags & TUNNEL ? 'tunnel' : flags & BRIDGE ? 'bridge' : undefined;
      byLayer[map.layer[f]!]!.push({
        type: 'Feature',
        geometry: this.#geometry(f),
        properties: {
          class: map.classes[map.kind[f]!]!,
          ...(brunnel && { brunnel }),
          ...this.#names(f, z),
        },
      });
    }
    const layers: TileLayers = {};
    let empty = true;
    byLayer.forEach((features, layer) => {
      if (features.length === 0) return;
      const tile = geoJSONToTile({ type: 'FeatureCollection', features }, z, x, y, {
        // Beyond MAX_ZOOM (raster tiles) every point is kept as at MAX_ZOOM: the features of the
        // MAX_ZOOM tile above, clipped to this one, without cutting all of that tile.
        maxZoom: Math.max(z, MAX_ZOOM),
        extent: EXTENT,
        buffer: BUFFER,
        clip: true,
      });
      if (!tile || tile.features.length === 0) return;
      layers[MAP_LAYERS[layer]!] = tile;
      empty = false;
    });
    return empty ? undefined : layers;
  }
}
