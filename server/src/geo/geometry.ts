// The contract's geometry (shared with the app) and what only the server needs.
import type { LatLng } from '@taxi/contract';

export { EARTH_RADIUS_M, greatCircleMetres, type LatLng, METRES_PER_DEGREE } from '@taxi/contract';

/** Whether a point lies inside a polygon (ray casting; degrees taken as flat at city scale). */
export function insidePolygon(point: LatLng, polygon: LatLng[]): boolean {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (
      a.lat > point.lat !== b.lat > point.lat &&
      point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng
    )
      result = !result;
  }
  return result;
}
