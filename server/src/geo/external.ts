import { type AddressPoint, emptyAddressPoint, type StreetSearchResult } from '@taxi/contract';
import type { RouteEstimate } from './routing.ts';
import type { LatLng } from './geometry.ts';
import type { ScoredResult } from './search.ts';

/**
 * External engines over HTTP: Photon or Nominatim for search and reverse geocoding, OSRM or
 * Valhalla for routes. Each answers in the same shapes as the embedded geography.
 */
export interface SearchEngine {
  search(query: string, limit: number): Promise<ScoredResult[]>;
  reverse(point: LatLng): Promise<AddressPoint | null>;
}

export interface RouteEngine {
  route(from: LatLng, to: LatLng): Promise<RouteEstimate | undefined>;
}

export interface EngineConfig {
  engine: string;
  url: string;
  /** Milliseconds. */
  timeout?: number;
  /** OSRM profile (driving) or Valhalla costing (auto). */
  profile?: string;
  /** Photon/Nominatim language. */
  lang?: string;
}

/** What a foreign JSON answer is, until read field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const TIMEOUT_MS = 4000;

async function getJson(
  url: URL | string,
  config: EngineConfig,
  init: RequestInit = {},
): Promise<Json> {
  const response = await fetch(url, {
    ...init,
    signal: AbortSignal.timeout(config.timeout ?? TIMEOUT_MS),
    headers: { accept: 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${config.engine}: HTTP ${response.status}`);
  return response.json();
}

function endpoint(config: EngineConfig, pathname: string): URL {
  return new URL(pathname, config.url.endsWith('/') ? config.url : `${config.url}/`);
}

/** A search result from what an engine says of a place; `kind` is the engine's type of a POI. */
function result(
  fields: Omit<StreetSearchResult, 'kind' | 'label'>,
  poiKind: string | undefined,
): StreetSearchResult {
  const { quality, name, street, number, city } = fields;
  return {
    ...fields,
    kind: quality === 'poi' ? (poiKind ?? '') : quality === 'area' ? (poiKind ?? 'area') : quality,
    label: label([
      name,
      quality === 'poi' && street ? `${street} ${number}`.trim() : '',
      city !== name ? city : '',
    ]),
  };
}

/** The address point GET_ADDRESS answers, at the asked coordinates. */
function addressOf(
  found: StreetSearchResult | undefined,
  lat: number,
  lng: number,
): AddressPoint | null {
  if (!found) return null;
  const { id, city, quarter, street, number } = found;
  return {
    ...emptyAddressPoint(lat, lng),
    id,
    city,
    quarter,
    street,
    number,
    poi_name: found.quality === 'poi' ? found.name : '',
  };
}

function label(parts: (string | undefined)[]): string {
  return parts.filter(Boolean).join(', ');
}

function ranked(results: StreetSearchResult[]): ScoredResult[] {
  return results.map((result, i) => ({ ...result, score: 1 - i / (results.length + 1) }));
}

/** Photon (komoot): GET /api?q= and /reverse?lat=&lon=, GeoJSON features. */
export function photon(config: EngineConfig): SearchEngine {
  function read(feature: Json, index: number): StreetSearchResult | undefined {
    const p = feature?.properties ?? {};
    const [lng, lat] = feature?.geometry?.coordinates ?? [];
    if (typeof lat !== 'number' || typeof lng !== 'number') return undefined;
    const city = p.city ?? p.town ?? p.village ?? '';
    const street = p.street ?? (p.osm_key === 'highway' ? p.name : '') ?? '';
    const number = p.housenumber ?? '';
    const quality: StreetSearchResult['quality'] =
      p.osm_key === 'place'
        ? 'area'
        : p.osm_key === 'highway' && !number
          ? 'street'
          : number && (p.type === 'house' || !p.name)
            ? 'house'
            : 'poi';
    const name = quality === 'house' ? `${street} ${number}`.trim() : (p.name ?? street);
    const id = `${p.osm_type ?? 'x'}${p.osm_id ?? index}`;
    return result(
      {
        id,
        lat,
        lng,
        quality,
        quarter: p.district ?? p.locality ?? '',
        city,
        name,
        street,
        number,
      },
      p.osm_value,
    );
  }
  return {
    async search(query, limit) {
      const url = endpoint(config, 'api');
      url.searchParams.set('q', query);
      url.searchParams.set('limit', String(limit));
      if (config.lang) url.searchParams.set('lang', config.lang);
      const body = await getJson(url, config);
      return ranked(
        ((body?.features ?? []) as unknown[])
          .map(read)
          .filter((r): r is StreetSearchResult => r !== undefined),
      );
    },
    async reverse({ lat, lng }) {
      const url = endpoint(config, 'reverse');
      url.searchParams.set('lat', String(lat));
      url.searchParams.set('lon', String(lng));
      return addressOf(read((await getJson(url, config))?.features?.[0], 0), lat, lng);
    },
  };
}

/** Nominatim: GET /search?format=jsonv2&addressdetails=1 and /reverse. */
export function nominatim(config: EngineConfig): SearchEngine {
  function read(item: Json): StreetSearchResult | undefined {
    const lat = Number(item?.lat);
    const lng = Number(item?.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
    const a = item.address ?? {};
    const city = a.city ?? a.town ?? a.village ?? a.municipality ?? '';
    const street = a.road ?? a.pedestrian ?? '';
    const number = a.house_number ?? '';
    const quality: StreetSearchResult['quality'] =
      item.category === 'place' || item.category === 'boundary'
        ? item.type === 'house'
          ? 'house'
          : 'area'
        : item.category === 'highway'
          ? 'street'
          : item.category === 'building' && number
            ? 'house'
            : 'poi';
    const name = quality === 'house' ? `${street} ${number}`.trim() : item.name || street || city;
    const id = `${item.osm_type?.[0] ?? 'x'}${item.osm_id ?? item.place_id}`;
    const quarter = a.suburb ?? a.quarter ?? a.neighbourhood ?? '';
    return result({ id, lat, lng, quality, quarter, city, name, street, number }, item.type);
  }
  return {
    async search(query, limit) {
      const url = endpoint(config, 'search');
      for (const [k, v] of Object.entries({
        q: query,
        format: 'jsonv2',
        addressdetails: '1',
        limit: String(limit),
      }))
        url.searchParams.set(k, v);
      if (config.lang) url.searchParams.set('accept-language', config.lang);
      const body = await getJson(url, config);
      return ranked(
        ((Array.isArray(body) ? body : []) as unknown[])
          .map(read)
          .filter((r): r is StreetSearchResult => r !== undefined),
      );
    },
    async reverse({ lat, lng }) {
      const url = endpoint(config, 'reverse');
      for (const [k, v] of Object.entries({
        lat: String(lat),
        lon: String(lng),
        format: 'jsonv2',
        addressdetails: '1',
      }))
        url.searchParams.set(k, v);
      return addressOf(read(await getJson(url, config)), lat, lng);
    },
  };
}

/** OSRM: GET /route/v1/{profile}/{lng},{lat};{lng},{lat}?overview=full&geometries=geojson */
export function osrm(config: EngineConfig): RouteEngine {
  return {
    async route(from, to) {
      const url = endpoint(
        config,
        `route/v1/${config.profile ?? 'driving'}/${from.lng},${from.lat};${to.lng},${to.lat}`,
      );
      url.searchParams.set('overview', 'full');
      url.searchParams.set('geometries', 'geojson');
      const body = await getJson(url, config);
      const route = body?.code === 'Ok' ? body.routes?.[0] : undefined;
      if (!route) return undefined;
      const points = ((route.geometry?.coordinates ?? []) as [number, number][]).map(
        ([lng, lat]) => ({ lat, lng }),
      );
      return {
        distanceM: route.distance,
        durationS: route.duration,
        points: points.length > 0 ? points : [from, to],
      };
    },
  };
}

/** Decodes an encoded polyline (Valhalla uses precision 6). */
export function decodePolyline(encoded: string, precision = 6): LatLng[] {
  const factor = 10 ** precision;
  const points: LatLng[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push({ lat: lat / factor, lng: lng / factor });
  }
  return points;
}

/** Valhalla: POST /route {locations, costing}; length in km, shape as polyline6. */
export function valhalla(config: EngineConfig): RouteEngine {
  return {
    async route(from, to) {
      const body = await getJson(endpoint(config, 'route'), config, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          locations: [
            { lat: from.lat, lon: from.lng },
            { lat: to.lat, lon: to.lng },
          ],
          costing: config.profile ?? 'auto',
          units: 'kilometers',
        }),
      });
      const trip = body?.trip;
      if (!trip?.summary) return undefined;
      const points = ((trip.legs ?? []) as { shape?: string }[]).flatMap((leg) =>
        leg.shape ? decodePolyline(leg.shape) : [],
      );
      return {
        distanceM: trip.summary.length * 1000,
        durationS: trip.summary.time,
        points: points.length > 0 ? points : [from, to],
      };
    },
  };
}

export function searchEngine(config: EngineConfig): SearchEngine {
  if (config.engine === 'photon') return photon(config);
  if (config.engine === 'nominatim') return nominatim(config);
  throw new Error(`geo.search.engine: photon or nominatim, not ${config.engine}`);
}

export function routeEngine(config: EngineConfig): RouteEngine {
  if (config.engine === 'osrm') return osrm(config);
  if (config.engine === 'valhalla') return valhalla(config);
  throw new Error(`geo.routing.engine: osrm or valhalla, not ${config.engine}`);
}
