// GET_RECEIPT (client API, docs/choices.md "Receipts"): the receipt of an order its caller
// opens by the ride link's secret or as its owner.
import type { FastifyInstance } from 'fastify';
import type { ClientRequest } from '@taxi/contract/schemas';
import type { ActionContext } from '../api/registry.ts';
import { ApiFailure } from '../base/errors.ts';
import type { Services } from '../base/services.ts';
import { spend } from '../events/limits.ts';
import { clientOrder } from '../orders/store.ts';
import { openRideLink, rideLinkKey } from '../tracking/link.ts';
import { registerReceiptMail } from './mail.ts';
import { finishedReceipt } from './receipt.ts';

/** Receipts per client address per minute: each one works out a route. */
export const RECEIPTS_PER_IP_PER_MINUTE = 30;

/** The order a call opens: by its secret (the ride link's check and budget), or as its owner. */
async function openedOrder(
  services: Services,
  context: ActionContext<ClientRequest<'GET_RECEIPT'>>,
): Promise<number> {
  const { corporation, payload } = context;
  const { order_short_id: shortId, secret } = payload;
  if (secret !== undefined) {
    const key = rideLinkKey(shortId, secret);
    const order = await openRideLink(services, corporation.id, context.ip, key.shortId, key.secret);
    if (order === 'limited')
      throw new ApiFailure('ACTION_NOT_ALLOWED', 'Too many refused links; try again in a minute');
    if (!order) throw new ApiFailure('ORDER_ACCESS_DENIED');
    return order.id;
  }
  const client = await context.client();
  const { db } = services.storage;
  const order = await clientOrder(db, client.id, corporation.id, rideLinkKey(shortId, '').shortId);
  if (!order) throw new ApiFailure('ORDER_ACCESS_DENIED');
  return order.id;
}

/** Receipts of finished rides: the client API's GET_RECEIPT. */
export async function receiptsPlugin(_app: FastifyInstance, services: Services) {
  const { limits, actions } = services;
  actions.add({
    async GET_RECEIPT(context) {
      await spend(
        limits,
        `receipt:${context.ip}`,
        RECEIPTS_PER_IP_PER_MINUTE,
        60_000,
        'Too many receipts; try again in a minute',
      );
      const found = await finishedReceipt(
        services,
        context.corporation,
        context.lang,
        await openedOrder(services, context),
      );
      if (!found) throw new ApiFailure('ORDER_ACCESS_DENIED');
      return found;
    },
  });
  registerReceiptMail(services);
}
