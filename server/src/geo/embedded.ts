import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { type AddressPoint, emptyAddressPoint } from '@taxi/contract';
import type { RouteEstimate } from './routing.ts';
import type { LatLng } from './geometry.ts';
import { RoadGraph } from './graph.ts';
import { GEO_DATA_VERSION, type GeoData, importExtract } from './importer.ts';
import { PointIndex } from './point-index.ts';
import { extractIndex, type ScoredResult, type SearchIndex } from './search.ts';

/** Address search, reverse geocoding and routes for one corporation (spec section 7). */
export interface Geography {
  /** Best match first. */
  search(query: string, limit: number): Promise<ScoredResult[]>;
  /** The address at a point: nearest house, else nearest street, else the city. */
  reverse(point: LatLng): Promise<AddressPoint | null>;
  /** The road route, or undefined when the engine has none. */
  route(from: LatLng, to: LatLng): Promise<RouteEstimate | undefined>;
}

/** A house this close to the point is its address. */
const HOUSE_METRES = 80;
/** Else a street this close. */
const STREET_METRES = 150;
/** A POI this close names the point. */
const POI_METRES = 25;

/** Geography from an imported extract, in memory. */
export class EmbeddedGeography implements Geography {
  readonly data: GeoData;
  /** Identifies the import (file, size, modification time, importer version); '' if unknown. */
  readonly key: string;
  readonly index: SearchIndex;
  readonly graph: RoadGraph;
  readonly #houses: PointIndex;
  readonly #streetPoints: PointIndex;
  readonly #pois: PointIndex;
  readonly #cities: PointIndex;
  readonly #cityPlaces: GeoData['places'];

  constructor(data: GeoData, key = '') {
    this.data = data;
    this.key = key;
    this.index = extractIndex(data);
    this.graph = new RoadGraph(data.graph);
    this.#houses = new PointIndex(data.addresses.lat, data.addresses.lng);
    this.#streetPoints = new PointIndex(data.streetPoints.lat, data.streetPoints.lng);
    this.#pois = new PointIndex(
      data.pois.map((p) => p.lat),
      data.pois.map((p) => p.lng),
    );
    this.#cityPlaces = data.places.filter((p) =>
      ['city', 'town', 'village', 'hamlet'].includes(p.kind),
    );
    this.#cities = new PointIndex(
      this.#cityPlaces.map((p) => p.lat),
      this.#cityPlaces.map((p) => p.lng),
    );
  }

  async search(query: string, limit: number): Promise<ScoredResult[]> {
    return this.index.search(query, limit);
  }

  reverseNow({ lat, lng }: LatLng): AddressPoint | null {
    const point = emptyAddressPoint(lat, lng);
    const house = this.#houses.nearest(lat, lng, HOUSE_METRES);
    if (house.index !== -1) {
      const street = this.data.streets[this.data.addresses.street[house.index]!]!;
      Object.assign(point, {
        id: `h${house.index}`,
        street: street.name,
        number: this.data.addresses.number[house.index]!,
        city: street.city,
        quarter: street.quarter,
      });
    } else {
      const near = this.#streetPoints.nearest(lat, lng, STREET_METRES);
      if (near.index !== -1) {
        const streetIndex = this.data.streetPoints.street[near.index]!;
        const street = this.data.streets[streetIndex]!;
        Object.assign(point, {
          id: `s${streetIndex}`,
          street: street.name,
          city: street.city,
          quarter: street.quarter,
        });
      }
    }
    const poi = this.#pois.nearest(lat, lng, POI_METRES);
    if (poi.index !== -1) point.poi_name = this.data.pois[poi.index]!.name;
    if (!point.city)
      point.city = this.#cityPlaces[this.#cities.nearest(lat, lng, 30_000).index]?.name ?? '';
    return point.city || point.street ? point : null;
  }

  async reverse(point: LatLng): Promise<AddressPoint | null> {
    return this.reverseNow(point);
  }

  async route(from: LatLng, to: LatLng): Promise<RouteEstimate | undefined> {
    return this.graph.route(from, to);
  }
}

/**
 * Imports an extract, or reads the import cached in `cacheDir` for the same file (path, size,
 * modification time) and importer version, so that a restart takes milliseconds.
 */
export async function loadExtract(
  file: string,
  cacheDir: string,
): Promise<{ data: GeoData; cached: boolean; key: string }> {
  const stat = fs.statSync(file);
  const key = createHash('sha256')
    .update(`${path.resolve(file)}\n${stat.size}\n${stat.mtimeMs}\n${GEO_DATA_VERSION}`)
    .digest('hex')
    .slice(0, 16);
  const cacheFile = path.join(
    cacheDir,
    `${path.basename(file).replace(/\.osm\.pbf$/, '')}-${key}.v8`,
  );
  try {
    const data = v8.deserialize(fs.readFileSync(cacheFile)) as GeoData;
    if (data.version === GEO_DATA_VERSION) return { data, cached: true, key };
  } catch {
    // Not cached yet (or unreadable): import again.
  }
  const data = await importExtract(file);
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, v8.serialize(data));
    fs.renameSync(temporary, cacheFile);
  } catch {
    // A read-only data folder only costs the next start an import.
  }
  return { data, cached: false, key };
}
