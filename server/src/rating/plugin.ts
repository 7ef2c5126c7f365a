import { RATEABLE_STATES, type RatingActions, type TrackLink } from '@taxi/contract';
import { RATING_REQUESTS, type RatingRequests } from '@taxi/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { ActionRegistry, type ActionContext } from '../api/registry.ts';
import { actionTransport } from '../api/transport.ts';
import { isUniqueViolation } from '../db/storage.ts';
import { ApiFailure } from '../base/errors.ts';
import { trackedOrder } from '../orders/store.ts';
import type { Services } from '../base/services.ts';
import { ratingOf, saveRating } from './store.ts';

/** The rating API (POST /rate/api/1/): anyone holding an order's short id and secret. */
export async function ratingPlugin(app: FastifyInstance, services: Services) {
  const { db } = services.storage;
  const registry = new ActionRegistry<RatingActions, RatingRequests>(RATING_REQUESTS);

  function orderOf({ payload, corporation }: ActionContext<TrackLink>) {
    return trackedOrder(db, corporation, payload.order_short_id, payload.secret);
  }

  registry.add({
    /** data.rate stays null until the ride is rated. */
    async GET_RATE(context) {
      const order = await orderOf(context);
      const rating = await ratingOf(db, order.id);
      return { data: { rate: rating?.rate ?? null, comment: rating?.comment ?? null } };
    },

    async SET_RATE(context) {
      const order = await orderOf(context);
      if (context.corporation.settings.rate === false)
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'Rating is switched off');
      const { rate, comment: written } = context.payload.data;
      const comment = written?.trim() || null;
      if (!RATEABLE_STATES.includes(order.state))
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'The ride can be rated once it is over');
      try {
        await saveRating(db, {
          order_id: order.id,
          rate,
          comment,
          created_at: services.clock.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ApiFailure('ACTION_NOT_ALLOWED', 'This ride is already rated');
        throw error;
      }
      // Viewers still connected (a finished ride's socket stays open) see the rating.
      await services.dispatch.publishOrder(order.id);
      return {};
    },
  });

  await app.register(actionTransport, { services, registry, path: '/rate/api/1/', get: false });
}
