import { ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT } from '@taxi/contract';
import type { FastifyInstance } from 'fastify';
import type { Corporation } from '../corporations/directory.ts';
import { refuseInMaintenance } from '../corporations/maintenance.ts';
import { writtenOnce } from '../api/raw-json.ts';
import { spend } from '../events/limits.ts';
import { nearestFreeTaxiFinder } from '../fleet/taxis.ts';
import { readOrderForm } from '../orders/form.ts';
import { refuseSecondImmediateOrder } from '../orders/store.ts';
import type { Services } from '../base/services.ts';
import { located, ridePrice } from './quote.ts';
import type { LatLng } from '../geo/geometry.ts';

/** ORDER_SIM: the price and the pickup ETA of an order form, without placing it. */
export async function quotesPlugin(_app: FastifyInstance, services: Services) {
  const { storage, clock, routes, actions, limits, config } = services;
  const nearestFreeTaxi = nearestFreeTaxiFinder(storage.db, clock);

  /** Minutes for the nearest free taxi to reach the pickup, or null when none is known. */
  async function etaMinutes(corporation: Corporation, pickup: LatLng): Promise<number | null> {
    const nearest = await nearestFreeTaxi(corporation, pickup);
    if (!nearest) return null;
    const route = await routes.estimate(corporation, nearest, pickup);
    return Math.max(1, Math.ceil(route.durationS / 60));
  }

  actions.add({
    async ORDER_SIM(context) {
      const client = await context.client();
      refuseInMaintenance(context.corporation);
      await spend(
        limits,
        `order-sim:${client.id}`,
        config.limits.quotesPerClientPerMinute,
        60_000,
        'Too many price requests; try again in a minute',
      );
      const { corporation } = context;
      const now = clock.now();
      const form = readOrderForm(context.payload, corporation, now);
      await refuseSecondImmediateOrder(storage.db, client.id, form.order_type);
      const pickup = located(form.poi);
      const { dst_price, dst_map_points } = await ridePrice(
        routes,
        corporation,
        form,
        context.lang,
        now,
      );
      return {
        dst_price,
        eta_min: pickup ? await etaMinutes(corporation, pickup) : null,
        // The same cached route object for the same two points: its JSON is written once.
        dst_map_points: writtenOnce(dst_map_points),
        accept_missing_taxi_eta_gt: ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT,
      };
    },
  });
}
