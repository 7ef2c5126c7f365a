import { FAVOURITE_TAXIS_MAX } from '@taxi/contract';
import type { FastifyInstance } from 'fastify';
import type { ActionContext, ClientHandlers } from '../api/registry.ts';
import { withLock } from '../db/storage.ts';
import { carriedBy } from '../dispatch/carried.ts';
import { ApiFailure } from '../base/errors.ts';
import { clientWithinLimit } from '../events/limits.ts';
import { clientOrder } from '../orders/store.ts';
import type { Services } from '../base/services.ts';
import { rideLinkKey } from '../tracking/link.ts';
import { dropFavourite, favouriteCallNumbers, favouritesOf, keepFavourite } from './store.ts';

/** Calls of the favourite-taxi actions per client per minute, reads and writes together. */
export const FAVOURITE_CALLS_PER_CLIENT_PER_MINUTE = 30;

/**
 * Favourite taxis (docs/favourite-taxis.md): GET_FAVOURITE_TAXIS, SAVE_FAVOURITE_TAXI and
 * DELETE_FAVOURITE_TAXI of the client API, each for the calling client's own favourites only.
 * A taxi can be kept only after it carried the client on one of their finished orders. Call
 * numbers and orders are never logged.
 */
export async function favouritesPlugin(_app: FastifyInstance, services: Services) {
  const { storage, clock, limits, actions } = services;
  const { db } = storage;

  const caller = (context: ActionContext) =>
    clientWithinLimit(limits, 'favourites', FAVOURITE_CALLS_PER_CLIENT_PER_MINUTE, () =>
      context.client(),
    );

  const handlers: ClientHandlers = {
    async GET_FAVOURITE_TAXIS(context) {
      const client = await caller(context);
      return { data_list: await favouritesOf(db, context.corporation.id, client.id) };
    },

    async SAVE_FAVOURITE_TAXI(context) {
      const client = await caller(context);
      const shortId = rideLinkKey(context.payload.order_short_id, '');
      const number = context.payload.call_number.trim();
      const order = await clientOrder(db, client.id, context.corporation.id, shortId.shortId);
      // Another client's order and an unknown one get the same answer.
      if (!order) throw new ApiFailure('ORDER_ACCESS_DENIED');
      if (order.state !== 'Z' || !(await carriedBy(db, order.id, number)))
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'Only a taxi that finished your ride');
      // One writer per client at a time: the cap holds under races.
      await withLock(storage, [`favourites:${client.id}`], async (trx) => {
        const kept = await favouriteCallNumbers(trx, client.id);
        if (kept.includes(number)) return;
        if (kept.length >= FAVOURITE_TAXIS_MAX)
          throw new ApiFailure(
            'ACTION_NOT_ALLOWED',
            `At most ${FAVOURITE_TAXIS_MAX} favourite taxis`,
          );
        await keepFavourite(trx, client.id, number, clock.now());
      });
      const favourites = await favouritesOf(db, context.corporation.id, client.id);
      return { favourite: favourites.find((f) => f.call_number === number)! };
    },

    async DELETE_FAVOURITE_TAXI(context) {
      const client = await caller(context);
      const number = context.payload.call_number.trim();
      if (!(await dropFavourite(db, client.id, number)))
        throw new ApiFailure('NOT_FOUND', 'No such favourite taxi');
      return {};
    },
  };
  actions.add(handlers);
}
