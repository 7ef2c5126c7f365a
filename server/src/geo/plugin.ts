import { ADDRESS_SEARCH_MIN_CHARS } from '@taxi/contract';
import type { FastifyInstance } from 'fastify';
import type { ActionContext } from '../api/registry.ts';
import { ApiFailure } from '../base/errors.ts';
import type { Services } from '../base/services.ts';

const DEFAULT_LIMIT = 10;

/** POI_QUERY (address search) and GET_ADDRESS (reverse geocoding), spec section 7. */
export async function geoPlugin(_app: FastifyInstance, services: Services) {
  const { geo, actions, limits, config } = services;

  /** Address search costs CPU: a per-address budget, shared by every server process with Redis. */
  async function budget(context: ActionContext): Promise<void> {
    if (!(await limits.take(`geo:${context.ip}`, config.geoPerIpPerMinute, 60_000))) {
      throw new ApiFailure(
        'ACTION_NOT_ALLOWED',
        'Too many address searches; try again in a minute',
      );
    }
  }

  actions.add({
    async POI_QUERY(context) {
      const query = context.payload.query.trim();
      const limit = context.payload.limit ?? DEFAULT_LIMIT;
      if (query.length < ADDRESS_SEARCH_MIN_CHARS) return { data_list: [] };
      await budget(context);
      const found = await geo.search(context.corporation, query, limit);
      return { data_list: found.map(({ score: _score, ...result }) => result) };
    },

    async GET_ADDRESS(context) {
      const { lat, lng } = context.payload;
      await budget(context);
      const result = await geo.reverse(context.corporation, { lat, lng });
      if (!result) throw new ApiFailure('NOT_FOUND', 'No address is known near this point');
      return { result };
    },
  });
}
