import type { Corporation } from '../corporations/directory.ts';
import { taxiFeatures } from '../corporations/features.ts';
import type { Lang } from '../api/registry.ts';
import type { AddressPoint } from '@taxi/contract';
import type { OrderForm } from '../orders/form.ts';
import { parseDateTime } from '../base/time.ts';
import type { LatLng } from '../geo/geometry.ts';
import type { RouteEstimator } from '../geo/routing.ts';
import { price, readTariff } from './tariff.ts';

export function located(point: AddressPoint | null): LatLng | undefined {
  return point && point.lat !== null && point.lng !== null
    ? { lat: point.lat, lng: point.lng }
    : undefined;
}

export interface RidePrice {
  /** null without destination coordinates or a tariff. */
  dst_price: number | null;
  /** The road route pickup -> destination; empty without both points. */
  dst_map_points: LatLng[];
}

/** The route and price of an order form (ORDER_SIM, and the price kept with a saved order). */
export async function ridePrice(
  routes: RouteEstimator,
  corporation: Corporation,
  form: OrderForm,
  lang: Lang,
  now: number,
): Promise<RidePrice> {
  const pickup = located(form.poi);
  const destination = located(form.dst);
  if (!pickup || !destination) return { dst_price: null, dst_map_points: [] };
  const route = await routes.estimate(corporation, pickup, destination);
  const tariff = readTariff(corporation);
  if (!tariff) return { dst_price: null, dst_map_points: route.points };
  const chosen = new Set(form.taxi_features_list);
  const dst_price = price(tariff, corporation, {
    distanceM: route.distanceM,
    durationS: route.durationS,
    pickupAt: form.date_time ? (parseDateTime(form.date_time, corporation.timeZone) ?? now) : now,
    features: taxiFeatures(corporation, lang).filter((feature) => chosen.has(feature.id)),
    taxiCount: form.taxi_count,
  });
  return { dst_price, dst_map_points: route.points };
}
