import type { Corporation } from '../corporations/directory.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface RouteEstimate {
  distanceM: number;
  durationS: number;
  /** The line to draw, pickup first. */
  points: LatLng[];
}

/** Road distance and driving time between two points; the geography issue brings a real router. */
export interface RouteEstimator {
  estimate(corporation: Corporation, from: LatLng, to: LatLng): Promise<RouteEstimate>;
}

const EARTH_RADIUS_M = 6_371_008.8;

export function greatCircleMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Straight line times a detour factor, driven at an average speed; both per corporation
 * (`routing.detour_factor`, `routing.speed_kmh`).
 */
export const greatCircleRoutes: RouteEstimator = {
  async estimate(corporation, from, to) {
    const routing = (corporation.raw.routing ?? {}) as Record<string, unknown>;
    const distanceM = greatCircleMetres(from, to) * positive(routing.detour_factor, 1.3);
    const durationS = distanceM / ((positive(routing.speed_kmh, 30) * 1000) / 3600);
    return { distanceM, durationS, points: [from, to] };
  },
};
