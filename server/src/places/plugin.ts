import { SAVED_PLACES_MAX, type SavedPlace } from '@taxi/contract';
import type { FastifyInstance } from 'fastify';
import type { ActionContext, ClientHandlers } from '../api/registry.ts';
import { withLock } from '../db/storage.ts';
import { ApiFailure } from '../base/errors.ts';
import { clientWithinLimit } from '../events/limits.ts';
import type { Services } from '../base/services.ts';
import { readPlace } from './input.ts';
import { addPlace, deletePlace, placesOf, updatePlace } from './store.ts';

/** Calls of the saved-places actions per client per minute, reads and writes together. */
export const PLACE_CALLS_PER_CLIENT_PER_MINUTE = 60;

/**
 * Saved places (docs/saved-places.md): GET_SAVED_PLACES, SAVE_PLACE and DELETE_PLACE of the client API, each
 * for the calling client's own places only. Names and addresses are never logged.
 */
export async function placesPlugin(_app: FastifyInstance, services: Services) {
  const { storage, clock, limits, actions } = services;
  const { db } = storage;

  const caller = (context: ActionContext) =>
    clientWithinLimit(limits, 'places', PLACE_CALLS_PER_CLIENT_PER_MINUTE, () => context.client());

  const handlers: ClientHandlers = {
    async GET_SAVED_PLACES(context) {
      const client = await caller(context);
      return { data_list: await placesOf(db, client.id) };
    },

    async SAVE_PLACE(context) {
      const client = await caller(context);
      const input = readPlace(context.payload.place);
      const now = clock.now();
      const values = { kind: input.kind, name: input.name, point: JSON.stringify(input.point) };
      // One writer per client at a time: the cap and the one Home, one Work hold under races.
      const id = await withLock(storage, [`places:${client.id}`], async (trx) => {
        const places = await placesOf(trx, client.id);
        const holder =
          input.kind === 'other' ? undefined : places.find((p) => p.kind === input.kind);
        let target: number | null = input.id;
        if (target !== null) {
          if (!places.some((p) => p.id === target))
            throw new ApiFailure('NOT_FOUND', 'No such saved place');
          if (holder && holder.id !== target)
            throw new ApiFailure(
              'ACTION_NOT_ALLOWED',
              `Another place is already saved as ${input.kind}`,
            );
        } else if (holder) {
          // Saving Home (or Work) again moves it: one of each per account.
          target = holder.id;
        }
        if (target !== null) {
          await updatePlace(trx, client.id, target, values, now);
          return target;
        }
        if (places.length >= SAVED_PLACES_MAX)
          throw new ApiFailure('ACTION_NOT_ALLOWED', `At most ${SAVED_PLACES_MAX} saved places`);
        return addPlace(trx, client.id, values, now);
      });
      const place: SavedPlace = { id, ...values, point: input.point };
      return { place };
    },

    async DELETE_PLACE(context) {
      const client = await caller(context);
      // Another client's place and an unknown one get the same answer.
      if (!(await deletePlace(db, client.id, context.payload.place_id)))
        throw new ApiFailure('NOT_FOUND', 'No such saved place');
      return {};
    },
  };
  actions.add(handlers);
}
