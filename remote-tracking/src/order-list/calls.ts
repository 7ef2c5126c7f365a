import { api, sessionStore, activeOrdersAtom, type ActiveOrder } from '@taxi/shared';

/** GET_CURRENT_ORDERS: the passenger's active orders, kept in `activeOrdersAtom`. */
export async function refreshActiveOrders(): Promise<ActiveOrder[]> {
  const reply = await api.action('GET_CURRENT_ORDERS');
  const orders = (Array.isArray(reply.data_list) ? reply.data_list : []).filter(
    (entry): entry is ActiveOrder =>
      !!entry &&
      typeof entry === 'object' &&
      typeof (entry as ActiveOrder).track?.order_short_id === 'string' &&
      typeof (entry as ActiveOrder).track?.secret === 'string',
  );
  sessionStore.set(activeOrdersAtom, orders);
  return orders;
}
