// The contract's geometry (shared with the app) and what only the server needs.
import { type LatLng, METRES_PER_DEGREE } from '@taxi/contract';

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

/**
 * The line with the points that bend it by less than `toleranceM` left out (Douglas–Peucker on
 * a flat-earth projection, exact enough at city scale); the ends always stay.
 */
export function simplified(points: LatLng[], toleranceM: number): LatLng[] {
  if (points.length <= 2) return points;
  const squeeze = Math.cos((points[0]!.lat * Math.PI) / 180);
  const x = points.map((p) => p.lng * squeeze * METRES_PER_DEGREE);
  const y = points.map((p) => p.lat * METRES_PER_DEGREE);
  const kept = new Uint8Array(points.length);
  kept[0] = kept[points.length - 1] = 1;
  const spans: [number, number][] = [[0, points.length - 1]];
  while (spans.length > 0) {
    const [first, last] = spans.pop()!;
    const dx = x[last]! - x[first]!;
    const dy = y[last]! - y[first]!;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let distance = toleranceM;
    for (let i = first + 1; i < last; i++) {
      const d =
        length === 0
          ? Math.hypot(x[i]! - x[first]!, y[i]! - y[first]!)
          : Math.abs(dx * (y[first]! - y[i]!) - dy * (x[first]! - x[i]!)) / length;
      if (d > distance) [farthest, distance] = [i, d];
    }
    if (farthest === -1) continue;
    kept[farthest] = 1;
    spans.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, i) => kept[i] === 1);
}
