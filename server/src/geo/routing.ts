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

declare module '../base/services.ts' {
  interface Services {
    /** Road routes for quotes and ETAs: the corporation's geography, or an override in tests. */
    routes: RouteEstimator;
  }
}
