import { GeoJSONVT, type GeoJSONVTFeature } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { BRIDGE, MAP_LAYERS, type MapData, type MapLayer, TUNNEL } from '../geo/map.ts';

/** The zoom levels tiles are cut for; the map overzooms the last one. */
export const MIN_ZOOM = 8;
export const MAX_ZOOM = 14;
const EXTENT = 4096;

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
};

function minZoom(layer: MapLayer, kind: string): number {
  const zooms = MIN_ZOOMS[layer];
  return zooms.classes?.[kind] ?? zooms.layer;
}

/** The features of one layer of MapData, as GeoJSON with their first zoom level. */
function layerFeatures(map: MapData, layer: number): FeatureCollection {
  const features: Feature[] = [];
  const name = MAP_LAYERS[layer]!;
  const ring = (r: number) => {
    const points: [number, number][] = [];
    for (let p = map.pointStart[r]!; p < map.pointStart[r + 1]!; p++)
      points.push([map.lng[p]!, map.lat[p]!]);
    return points;
  };
  for (let f = 0; f < map.layer.length; f++) {
    if (map.layer[f] !== layer) continue;
    const kind = map.classes[map.kind[f]!]!;
    const first = map.ringStart[f]!;
    const last = map.ringStart[f + 1]!;
    const geometry: Geometry = map.polygon[f]
      ? {
          type: 'Polygon',
          coordinates: Array.from({ length: last - first }, (_, i) => ring(first + i)),
        }
      : { type: 'LineString', coordinates: ring(first) };
    const flags = map.flags[f]!;
    const brunnel = flags & TUNNEL ? 'tunnel' : flags & BRIDGE ? 'bridge' : undefined;
    features.push({
      type: 'Feature',
      geometry,
      properties: { class: kind, ...(brunnel && { brunnel }), minzoom: minZoom(name, kind) },
    });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * The vector tiles of one extract: a geojson-vt index per layer (which cuts and simplifies tiles
 * on demand and keeps what it has cut), encoded as Mapbox Vector Tiles by vt-pbf.
 */
export class TileSet {
  readonly #indexes: { name: MapLayer; index: GeoJSONVT; from: number }[] = [];

  constructor(map: MapData) {
    MAP_LAYERS.forEach((name, layer) => {
      const data = layerFeatures(map, layer);
      if (data.features.length === 0) return;
      let from = MAX_ZOOM;
      for (const feature of data.features)
        from = Math.min(from, feature.properties!.minzoom as number);
      this.#indexes.push({
        name,
        from,
        index: new GeoJSONVT(data, { maxZoom: MAX_ZOOM, extent: EXTENT, buffer: 64 }),
      });
    });
  }

  /** The tile as an uncompressed MVT, or undefined when nothing is drawn in it. */
  tile(z: number, x: number, y: number): Uint8Array | undefined {
    const layers: Record<string, { features: GeoJSONVTFeature[] }> = {};
    let empty = true;
    for (const { name, index, from } of this.#indexes) {
      if (z < from) continue;
      const tile = index.getTile(z, x, y);
      if (!tile) continue;
      const features: GeoJSONVTFeature[] = [];
      for (const feature of tile.features) {
        const { minzoom, ...tags } = feature.tags as Record<string, unknown>;
        if ((minzoom as number) <= z) features.push({ ...feature, tags });
      }
      if (features.length === 0) continue;
      layers[name] = { features };
      empty = false;
    }
    if (empty) return undefined;
    return fromGeojsonVt(layers as Parameters<typeof fromGeojsonVt>[0], {
      version: 2,
      extent: EXTENT,
    });
  }
}
