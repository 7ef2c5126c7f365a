// Distances both sides agree on: the server's quotes and dispatch, and the app deciding whether
// the passenger moved beyond the GPS accuracy.
import type { LatLng } from './entities.ts';

/** The earth's mean radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
/** Along a meridian, on the mean-radius earth. */
export const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

/** The distance between two points along the earth's surface (haversine). */
export function greatCircleMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
