/**
 * The map geometry of an extract, for the vector tiles (src/tiles/): roads, railways, water,
 * green and other land use, buildings, and the sea where the coastline allows it; and what the
 * map names: streets, places, notable POIs, house numbers. Columnar typed arrays, so that it is
 * cached with the rest of the import (v8.serialize) and stays compact.
 */
import type { Coord } from './map-geometry.ts';

/** The tile layers, in the order of MapData.layer's codes. */
export const MAP_LAYERS = [
  'water',
  'waterway',
  'landuse',
  'building',
  'roads',
  'railway',
  'place',
  'poi',
  'housenumber',
] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];

/** MapData.flags bits. */
export const TUNNEL = 1;
export const BRIDGE = 2;

/** MapData.shape values. */
export const LINE = 0;
export const POLYGON = 1;
export const POINT = 2;

/** A feature's names: `name`, and `name:pl` / `name:en` when they differ from it ('' if not). */
export interface Names {
  name: string;
  pl: string;
  en: string;
}

/** The names of an OSM object, or undefined when it has no `name`. */
export function namesOf(tags: Record<string, string>): Names | undefined {
  const { name } = tags;
  if (!name) return undefined;
  const other = (key: string) => (tags[key] && tags[key] !== name ? tags[key] : '');
  return { name, pl: other('name:pl'), en: other('name:en') };
}

/**
 * The icon (and `class` in the `poi` tile layer) of a notable POI: one a passenger looks for or
 * steers by; undefined for the others.
 */
export function poiIcon(tags: Record<string, string>): string | undefined {
  const { amenity, tourism, railway, aeroway, historic } = tags;
  if (aeroway === 'aerodrome' || aeroway === 'terminal' || aeroway === 'heliport') return 'airport';
  if (railway === 'station' || railway === 'halt' || amenity === 'bus_station') return 'station';
  if (tags.public_transport === 'station') return 'station';
  if (amenity === 'hospital') return 'hospital';
  if (amenity === 'taxi') return 'taxi';
  if (tourism && ['hotel', 'hostel', 'motel', 'guest_house'].includes(tourism)) return 'hotel';
  if (tourism === 'museum' || tourism === 'attraction') return 'landmark';
  if (historic && ['castle', 'palace', 'monument', 'fort', 'church'].includes(historic))
    return 'landmark';
  return undefined;
}

export interface MapData {
  /** [west, south, east, north] of every feature. */
  bounds: [number, number, number, number];
  /** Per feature: index into MAP_LAYERS. */
  layer: Uint8Array;
  /** Per feature: index into `classes`. */
  kind: Uint8Array;
  /** Per feature: TUNNEL, BRIDGE. */
  flags: Uint8Array;
  /** Per feature: POLYGON (first ring outer, others holes), LINE (one ring), POINT (one point). */
  shape: Uint8Array;
  /** Per feature: index into `names`, -1 for none (a house number is its point's name). */
  label: Int32Array;
  names: Names[];
  /** Feature f's rings (or its line) are ringStart[f] .. ringStart[f+1]-1. */
  ringStart: Int32Array;
  /** Ring r's points are pointStart[r] .. pointStart[r+1]-1. */
  pointStart: Int32Array;
  lng: Float64Array;
  lat: Float64Array;
  /** The class names (`class` of a feature in its tile layer). */
  classes: string[];
}

export interface MapClass {
  layer: MapLayer;
  kind: string;
  area: boolean;
  flags: number;
}

const ROAD_CLASSES: Record<string, string> = {
  motorway: 'motorway',
  motorway_link: 'motorway',
  trunk: 'trunk',
  trunk_link: 'trunk',
  primary: 'primary',
  primary_link: 'primary',
  secondary: 'secondary',
  secondary_link: 'secondary',
  tertiary: 'tertiary',
  tertiary_link: 'tertiary',
  unclassified: 'residential',
  residential: 'residential',
  living_street: 'residential',
  road: 'residential',
  busway: 'residential',
  service: 'service',
  track: 'track',
  pedestrian: 'footway',
  footway: 'footway',
  path: 'footway',
  cycleway: 'footway',
  bridleway: 'footway',
  steps: 'footway',
};

const RAIL_CLASSES: Record<string, string> = {
  rail: 'rail',
  light_rail: 'rail',
  narrow_gauge: 'rail',
  preserved: 'rail',
  funicular: 'rail',
  monorail: 'rail',
  subway: 'subway',
  tram: 'tram',
};

const WATERWAY_CLASSES: Record<string, string> = {
  river: 'river',
  canal: 'river',
  stream: 'stream',
  brook: 'stream',
  drain: 'ditch',
  ditch: 'ditch',
};

/** Land use of areas, by key and value. */
const LANDUSE_CLASSES: Record<string, Record<string, string>> = {
  leisure: {
    park: 'park',
    garden: 'park',
    playground: 'park',
    dog_park: 'park',
    nature_reserve: 'park',
    common: 'park',
    recreation_ground: 'park',
    pitch: 'pitch',
    stadium: 'pitch',
    sports_centre: 'pitch',
    track: 'pitch',
    golf_course: 'pitch',
    miniature_golf: 'pitch',
  },
  landuse: {
    grass: 'grass',
    meadow: 'grass',
    village_green: 'grass',
    recreation_ground: 'park',
    allotments: 'grass',
    flowerbed: 'grass',
    greenfield: 'grass',
    orchard: 'grass',
    vineyard: 'grass',
    forest: 'wood',
    cemetery: 'cemetery',
    residential: 'residential',
    commercial: 'commercial',
    retail: 'commercial',
    industrial: 'industrial',
    railway: 'industrial',
    port: 'industrial',
    garages: 'industrial',
    construction: 'construction',
    brownfield: 'construction',
    landfill: 'construction',
    farmland: 'farmland',
    farmyard: 'farmland',
  },
  natural: {
    wood: 'wood',
    scrub: 'wood',
    heath: 'grass',
    grassland: 'grass',
    wetland: 'grass',
    beach: 'sand',
    sand: 'sand',
    bare_rock: 'rock',
    scree: 'rock',
  },
  amenity: {
    hospital: 'institution',
    school: 'institution',
    university: 'institution',
    college: 'institution',
    kindergarten: 'institution',
    parking: 'parking',
    grave_yard: 'cemetery',
  },
};

function structureFlags(tags: Record<string, string>): number {
  const tunnel = tags.tunnel;
  const bridge = tags.bridge;
  return (
    (tunnel === 'yes' || tunnel === 'building_passage' || tunnel === 'culvert' ? TUNNEL : 0) |
    (bridge && bridge !== 'no' ? BRIDGE : 0)
  );
}

/**
 * What a way (closed: its first node is its last) or a multipolygon (always closed) is on the
 * map, or undefined when the map does not show it.
 */
export function mapClass(tags: Record<string, string>, closed: boolean): MapClass | undefined {
  const area = (layer: MapLayer, kind: string): MapClass | undefined =>
    closed ? { layer, kind, area: true, flags: 0 } : undefined;
  const line = (layer: MapLayer, kind: string): MapClass => ({
    layer,
    kind,
    area: false,
    flags: structureFlags(tags),
  });
  const { building, highway, railway, waterway, natural } = tags;
  if (building && building !== 'no') return area('building', 'building');
  if (
    natural === 'water' ||
    waterway === 'riverbank' ||
    waterway === 'dock' ||
    tags.landuse === 'reservoir' ||
    tags.landuse === 'basin'
  )
    return area('water', 'water');
  if (tags.leisure === 'swimming_pool') return area('water', 'pool');
  if (highway === 'pedestrian' && (tags.area === 'yes' || tags.type === 'multipolygon'))
    return area('landuse', 'pedestrian');
  if (tags.man_made === 'pier') return closed ? area('landuse', 'pier') : line('roads', 'pier');
  if (closed) {
    for (const [key, classes] of Object.entries(LANDUSE_CLASSES)) {
      const kind = tags[key] && classes[tags[key]];
      if (kind) return area('landuse', kind);
    }
  }
  if (highway && ROAD_CLASSES[highway] && tags.area !== 'yes')
    return line('roads', ROAD_CLASSES[highway]);
  if (railway && RAIL_CLASSES[railway]) return line('railway', RAIL_CLASSES[railway]);
  if (waterway && WATERWAY_CLASSES[waterway]) return line('waterway', WATERWAY_CLASSES[waterway]);
  return undefined;
}

/** Collects features into MapData. */
export class MapBuilder {
  readonly #layer: number[] = [];
  readonly #kind: number[] = [];
  readonly #flags: number[] = [];
  readonly #shape: number[] = [];
  readonly #label: number[] = [];
  readonly #names: Names[] = [];
  readonly #nameIndex = new Map<string, number>();
  readonly #ringStart: number[] = [0];
  readonly #pointStart: number[] = [0];
  readonly #lng: number[] = [];
  readonly #lat: number[] = [];
  readonly #classes: string[] = [];
  readonly #classIndex = new Map<string, number>();

  get size(): number {
    return this.#layer.length;
  }

  /** A line (one ring) or a polygon (outer ring, then holes); rings of too few points are skipped. */
  add(type: MapClass, rings: Coord[][], names?: Names): void {
    const minimum = type.area ? 4 : 2;
    if (rings.length === 0 || rings[0]!.length < minimum) return;
    const kept = rings.filter((ring) => ring.length >= minimum);
    this.#feature(type, type.area ? POLYGON : LINE, kept, names);
  }

  /** A point of a label layer (`place`, `poi`, `housenumber`). */
  addPoint(layer: MapLayer, kind: string, at: Coord, names?: Names): void {
    this.#feature({ layer, kind, area: false, flags: 0 }, POINT, [[at]], names);
  }

  #nameOf(names: Names | undefined): number {
    if (!names) return -1;
    const key = `${names.name}\u0000${names.pl}\u0000${names.en}`;
    let index = this.#nameIndex.get(key);
    if (index === undefined) {
      index = this.#names.length;
      this.#names.push(names);
      this.#nameIndex.set(key, index);
    }
    return index;
  }

  #feature(type: MapClass, shape: number, kept: Coord[][], names: Names | undefined): void {
    let kind = this.#classIndex.get(type.kind);
    if (kind === undefined) {
      kind = this.#classes.length;
      this.#classes.push(type.kind);
      this.#classIndex.set(type.kind, kind);
    }
    this.#layer.push(MAP_LAYERS.indexOf(type.layer));
    this.#kind.push(kind);
    this.#flags.push(type.flags);
    this.#shape.push(shape);
    this.#label.push(this.#nameOf(names));
    for (const ring of kept) {
      for (const [lng, lat] of ring) {
        this.#lng.push(lng);
        this.#lat.push(lat);
      }
      this.#pointStart.push(this.#lng.length);
    }
    this.#ringStart.push(this.#pointStart.length - 1);
  }

  build(): MapData {
    const bounds: MapData['bounds'] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < this.#lng.length; i++) {
      bounds[0] = Math.min(bounds[0], this.#lng[i]!);
      bounds[1] = Math.min(bounds[1], this.#lat[i]!);
      bounds[2] = Math.max(bounds[2], this.#lng[i]!);
      bounds[3] = Math.max(bounds[3], this.#lat[i]!);
    }
    return {
      bounds: this.#lng.length > 0 ? bounds : [0, 0, 0, 0],
      layer: Uint8Array.from(this.#layer),
      kind: Uint8Array.from(this.#kind),
      flags: Uint8Array.from(this.#flags),
      shape: Uint8Array.from(this.#shape),
      label: Int32Array.from(this.#label),
      names: this.#names,
      ringStart: Int32Array.from(this.#ringStart),
      pointStart: Int32Array.from(this.#pointStart),
      lng: Float64Array.from(this.#lng),
      lat: Float64Array.from(this.#lat),
      classes: this.#classes,
    };
  }
}
