import type { Corporation } from '../corporations/directory.ts';
import { greatCircleMetres, type LatLng } from './geometry.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

export interface RouteEstimate {
  distanceM: number;
  durationS: number;
  /** The line to draw, pickup first. */
  points: LatLng[];
}

/**
 * Road distance and driving time between two points: the corporation's router (geo/service.ts),
 * or the great-circle fallback below.
 */
export interface RouteEstimator {
  estimate(corporation: Corporation, from: LatLng, to: LatLng): Promise<RouteEstimate>;
}

/**
 * The corporation's road estimate without a road: straight line times a detour factor, driven at
 * an average speed (`routing.detour_factor`, 1.3, and `routing.speed_kmh`, 30).
 */
export function greatCircleFactors(corporation: Corporation): { detour: number; speedKmh: number } {
  const routing = corporation.sections.routing;
  return { detour: routing?.detour_factor ?? 1.3, speedKmh: routing?.speed_kmh ?? 30 };
}

export const greatCircleRoutes: RouteEstimator = {
  async estimate(corporation, from, to) {
    const { detour, speedKmh } = greatCircleFactors(corporation);
    const distanceM = greatCircleMetres(from, to) * detour;
    const durationS = distanceM / ((speedKmh * 1000) / 3600);
    return { distanceM, durationS, points: [from, to] };
  },
};

declare module '../base/services.ts' {
  interface Services {
    /** Road routes for quotes and ETAs: the corporation's geography, or an override in tests. */
    routes: RouteEstimator;
  }
}
