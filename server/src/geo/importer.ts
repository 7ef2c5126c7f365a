import fs from 'node:fs';
import { createOSMStream } from 'osm-pbf-parser-node';
import { greatCircleMetres } from './geometry.ts';
import { PointIndex } from './point-index.ts';
import { poiKind } from './poi-kind.ts';
import { buildGraph, type OsmWay, type RoadGraphData } from './road-graph-data.ts';
import {
  MapBuilder,
  mapClass,
  type MapClass,
  type MapData,
  type MapLayer,
  type Names,
  namesOf,
  poiIcon,
} from './map.ts';
import { type Coord, joinWays, polygonsOf, seaPolygons } from './map-geometry.ts';

/**
 * What an .osm.pbf extract gives the server: places (cities, quarters), streets, address points
 * (street + house number), POIs with their kinds, and a road graph honouring one-way streets.
 * Plain arrays and typed arrays, so that it can be cached with v8.serialize.
 */
export interface GeoData {
  version: number;
  places: Place[];
  streets: Street[];
  /** Address points, columnar. */
  addresses: { street: Int32Array; number: string[]; lat: Float64Array; lng: Float64Array };
  pois: Poi[];
  /** Points on named streets, for reverse geocoding between houses. */
  streetPoints: { street: Int32Array; lat: Float64Array; lng: Float64Array };
  graph: RoadGraphData;
  /** What the vector tiles draw (src/tiles/). */
  map: MapData;
}

export interface Place {
  name: string;
  /** city, town, village, hamlet, suburb, quarter, neighbourhood */
  kind: string;
  lat: number;
  lng: number;
}

export interface Street {
  name: string;
  city: string;
  quarter: string;
  lat: number;
  lng: number;
}

export interface Poi {
  name: string;
  kind: string;
  lat: number;
  lng: number;
  street: string;
  number: string;
  city: string;
  quarter: string;
}

export const GEO_DATA_VERSION = 5;

const CITY_PLACES = new Set(['city', 'town', 'village', 'hamlet']);
const QUARTER_PLACES = new Set(['suburb', 'quarter', 'neighbourhood', 'borough', 'city_block']);

/** An entity as the parser yields it (the header has no type). */
interface OsmItem {
  type?: 'node' | 'way' | 'relation';
  id: number;
  lat: number;
  lon: number;
  refs: number[];
  members?: { type: string; ref: number; role: string }[];
  tags?: Record<string, string>;
  /** The header's box, in nanodegrees. */
  bbox?: { left: number; right: number; top: number; bottom: number };
}

/** The map features of the extract, before their node coordinates are looked up. */
interface RawMap {
  ways: { refs: number[]; type: MapClass; names?: Names }[];
  /** Multipolygons: outer and inner member ways. */
  areas: { outer: number[][]; inner: number[][]; type: MapClass }[];
  coastlines: number[][];
  box: [number, number, number, number] | undefined;
  /** Labels: places, notable POIs, house numbers. */
  points: { layer: MapLayer; kind: string; at: Coord; names?: Names }[];
}

/** Reads an .osm.pbf extract into GeoData. */
export async function importExtract(file: string): Promise<GeoData> {
  fs.accessSync(file, fs.constants.R_OK);
  const nodeLat = new Map<number, number>();
  const nodeLng = new Map<number, number>();
  const taggedNodes: { id: number; tags: Record<string, string> }[] = [];
  const ways: OsmWay[] = [];
  const namedAreas: OsmWay[] = [];
  // Every way's nodes, for the multipolygons that come after them.
  const wayRefs = new Map<number, number[]>();
  const map: RawMap = { ways: [], areas: [], coastlines: [], box: undefined, points: [] };
  const stream = createOSMStream(file, { withInfo: false }) as AsyncGenerator<OsmItem>;
  for await (const item of stream) {
    if (item.type === 'node') {
      nodeLat.set(item.id, item.lat);
      nodeLng.set(item.id, item.lon);
      if (item.tags) taggedNodes.push({ id: item.id, tags: item.tags });
    } else if (item.type === 'way') {
      wayRefs.set(item.id, item.refs);
      if (!item.tags) continue;
      const tags = item.tags as Record<string, string>;
      if (tags.highway || tags['addr:housenumber'] || tags.name)
        ways.push({ refs: item.refs, tags });
      const closed = item.refs.length >= 4 && item.refs[0] === item.refs[item.refs.length - 1];
      const type = mapClass(tags, closed);
      // Only streets are named along their line; other areas are named by their points.
      if (type)
        map.ways.push({
          refs: item.refs,
          type,
          names: type.layer === 'roads' ? namesOf(tags) : undefined,
        });
      if (tags.natural === 'coastline') map.coastlines.push(item.refs);
    } else if (item.type === 'relation') {
      if (item.tags?.type !== 'multipolygon') continue;
      const members = (role: string) =>
        (item.members ?? [])
          .filter((m) => m.type === 'way' && (m.role || 'outer') === role)
          .map((m) => wayRefs.get(m.ref))
          .filter((refs) => refs !== undefined);
      // A named area (a palace of several buildings) is a POI at its centre, as a closed way is.
      if (item.tags.name) namedAreas.push({ refs: members('outer').flat(), tags: item.tags });
      const type = mapClass(item.tags, true);
      if (type) map.areas.push({ outer: members('outer'), inner: members('inner'), type });
    } else if (item.bbox) {
      const { left, right, top, bottom } = item.bbox;
      map.box = [left / 1e9, bottom / 1e9, right / 1e9, top / 1e9];
    }
  }

  const at = (id: number) => ({ lat: nodeLat.get(id)!, lng: nodeLng.get(id)! });
  const known = (id: number) => nodeLat.has(id);
  function centre(refs: number[]): { lat: number; lng: number } | undefined {
    const points = refs.filter(known).map(at);
    if (points.length === 0) return undefined;
    const ring = points.length > 1 && refs[0] === refs[refs.length - 1] ? points.slice(1) : points;
    return {
      lat: ring.reduce((s, p) => s + p.lat, 0) / ring.length,
      lng: ring.reduce((s, p) => s + p.lng, 0) / ring.length,
    };
  }

  // Places first: every other object takes its city and quarter from them.
  const places: Place[] = [];
  for (const { id, tags } of taggedNodes) {
    if (
      tags.place &&
      tags.name &&
      (CITY_PLACES.has(tags.place) || QUARTER_PLACES.has(tags.place))
    ) {
      places.push({ name: tags.name, kind: tags.place, ...at(id) });
      map.points.push({
        layer: 'place',
        kind: tags.place,
        at: [at(id).lng, at(id).lat],
        names: namesOf(tags),
      });
    }
  }
  const cities = places.filter((p) => CITY_PLACES.has(p.kind));
  const quarters = places.filter((p) => QUARTER_PLACES.has(p.kind));
  const cityIndex = new PointIndex(
    cities.map((p) => p.lat),
    cities.map((p) => p.lng),
  );
  const quarterIndex = new PointIndex(
    quarters.map((p) => p.lat),
    quarters.map((p) => p.lng),
  );
  const cityAt = (lat: number, lng: number, tags?: Record<string, string>) =>
    tags?.['addr:city'] || cities[cityIndex.nearest(lat, lng, 30_000).index]?.name || '';
  const quarterAt = (lat: number, lng: number, tags?: Record<string, string>) =>
    tags?.['addr:suburb'] ||
    tags?.['addr:quarter'] ||
    quarters[quarterIndex.nearest(lat, lng, 2_000).index]?.name ||
    '';

  // Streets: named highways, one per name and city, placed at the point nearest their middle.
  const streets: Street[] = [];
  const streetIndex = new Map<string, number>();
  const streetNodes: number[][] = [];
  const streetKey = (name: string, city: string) => `${name}\u0000${city}`;
  function streetOf(name: string, city: string, lat: number, lng: number): number {
    const key = streetKey(name, city);
    let index = streetIndex.get(key);
    if (index === undefined) {
      index = streets.length;
      streets.push({ name, city, quarter: quarterAt(lat, lng), lat, lng });
      streetIndex.set(key, index);
      streetNodes.push([]);
    }
    return index;
  }
  for (const way of ways) {
    const { highway, name } = way.tags;
    if (!highway || !name || highway === 'bus_stop' || highway === 'platform') continue;
    const refs = way.refs.filter(known);
    if (refs.length === 0) continue;
    const middle = at(refs[refs.length >> 1]!);
    const index = streetOf(name, cityAt(middle.lat, middle.lng, way.tags), middle.lat, middle.lng);
    streetNodes[index]!.push(...refs);
  }
  const streetPointStreet: number[] = [];
  const streetPointLat: number[] = [];
  const streetPointLng: number[] = [];
  streetNodes.forEach((refs, index) => {
    if (refs.length === 0) return;
    const points = refs.map(at);
    const mean = {
      lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
      lng: points.reduce((s, p) => s + p.lng, 0) / points.length,
    };
    let best = points[0]!;
    for (const p of points)
      if (greatCircleMetres(p, mean) < greatCircleMetres(best, mean)) best = p;
    const street = streets[index]!;
    street.lat = best.lat;
    street.lng = best.lng;
    street.quarter = quarterAt(best.lat, best.lng);
    for (const p of new Set(refs)) {
      streetPointStreet.push(index);
      streetPointLat.push(nodeLat.get(p)!);
      streetPointLng.push(nodeLng.get(p)!);
    }
  });

  // Address points and POIs, from nodes and from ways (at their centre).
  const addressStreet: number[] = [];
  const addressNumber: string[] = [];
  const addressLat: number[] = [];
  const addressLng: number[] = [];
  const seenAddresses = new Set<string>();
  const pois: Poi[] = [];
  function tagged(tags: Record<string, string>, point: { lat: number; lng: number } | undefined) {
    if (!point) return;
    const number = tags['addr:housenumber'];
    const streetName = tags['addr:street'] || tags['addr:place'];
    const city = cityAt(point.lat, point.lng, tags);
    if (number && streetName) {
      const key = `${streetName}\u0000${city}\u0000${number}`;
      if (!seenAddresses.has(key)) {
        seenAddresses.add(key);
        addressStreet.push(streetOf(streetName, city, point.lat, point.lng));
        addressNumber.push(number);
        addressLat.push(point.lat);
        addressLng.push(point.lng);
      }
    }
    const coord: Coord = [point.lng, point.lat];
    if (number)
      map.points.push({
        layer: 'housenumber',
        kind: 'housenumber',
        at: coord,
        names: { name: number, pl: '', en: '' },
      });
    const icon = poiIcon(tags);
    // A taxi rank is worth its icon even without a name.
    if (icon && (tags.name || icon === 'taxi'))
      map.points.push({ layer: 'poi', kind: icon, at: coord, names: namesOf(tags) });
    const kind = tags.name ? poiKind(tags) : undefined;
    if (kind) {
      pois.push({
        name: tags.name!,
        kind,
        lat: point.lat,
        lng: point.lng,
        street: streetName ?? '',
        number: number ?? '',
        city,
        quarter: quarterAt(point.lat, point.lng, tags),
      });
    }
  }
  for (const { id, tags } of taggedNodes) tagged(tags, at(id));
  for (const way of ways)
    if (!way.tags.highway || way.tags.highway === 'pedestrian' || way.tags.area === 'yes')
      tagged(way.tags, centre(way.refs));
  for (const area of namedAreas) tagged(area.tags, centre(area.refs));

  return {
    version: GEO_DATA_VERSION,
    places,
    streets,
    addresses: {
      street: Int32Array.from(addressStreet),
      number: addressNumber,
      lat: Float64Array.from(addressLat),
      lng: Float64Array.from(addressLng),
    },
    pois,
    streetPoints: {
      street: Int32Array.from(streetPointStreet),
      lat: Float64Array.from(streetPointLat),
      lng: Float64Array.from(streetPointLng),
    },
    graph: buildGraph(ways, nodeLat, nodeLng),
    map: buildMap(map, nodeLat, nodeLng),
  };
}

function buildMap(
  raw: RawMap,
  nodeLat: Map<number, number>,
  nodeLng: Map<number, number>,
): MapData {
  const builder = new MapBuilder();
  /** The known nodes' coordinates; a ring stays closed when its first node is missing. */
  const coords = (refs: number[]): Coord[] => {
    const points: Coord[] = [];
    for (const id of refs) {
      const lat = nodeLat.get(id);
      if (lat !== undefined) points.push([nodeLng.get(id)!, lat]);
    }
    const closed = refs.length > 2 && refs[0] === refs[refs.length - 1];
    if (closed && points.length > 2) {
      const [a, b] = [points[0]!, points[points.length - 1]!];
      if (a[0] !== b[0] || a[1] !== b[1]) points.push(a);
    }
    return points;
  };
  const rings = (ways: number[][]) =>
    joinWays(ways, false)
      .filter((line) => line.length >= 4 && line[0] === line[line.length - 1])
      .map(coords);

  // The sea first: it lies beneath everything else of its layer.
  let box = raw.box;
  if (!box && raw.coastlines.length > 0) {
    box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [id, lat] of nodeLat) {
      const lng = nodeLng.get(id)!;
      box = [
        Math.min(box[0], lng),
        Math.min(box[1], lat),
        Math.max(box[2], lng),
        Math.max(box[3], lat),
      ];
    }
  }
  if (box && raw.coastlines.length > 0) {
    const sea = { layer: 'water', kind: 'sea', area: true, flags: 0 } as const;
    const coast = joinWays(raw.coastlines, true).map(coords);
    for (const polygon of seaPolygons(coast, box)) builder.add(sea, polygon);
  }
  for (const area of raw.areas)
    for (const polygon of polygonsOf(rings(area.outer), rings(area.inner)))
      builder.add(area.type, polygon);
  // The pieces of one street (same name, class, bridge or tunnel) joined into as few lines as
  // possible: its name needs the length of a line to be drawn along it.
  const streets = new Map<string, { type: MapClass; names: Names; ways: number[][] }>();
  for (const way of raw.ways) {
    if (!way.names) {
      builder.add(way.type, [coords(way.refs)]);
      continue;
    }
    const { name, pl, en } = way.names;
    const key = [way.type.kind, way.type.flags, name, pl, en].join('\u0000');
    const street = streets.get(key);
    if (street) street.ways.push(way.refs);
    else streets.set(key, { type: way.type, names: way.names, ways: [way.refs] });
  }
  for (const { type, names, ways } of streets.values())
    for (const line of joinWays(ways, false)) builder.add(type, [coords(line)], names);
  for (const point of raw.points) builder.addPoint(point.layer, point.kind, point.at, point.names);
  return builder.build();
}
