import type { OpenableOrder } from '../session/store';

/** The order just placed: the newest of the passenger's active orders. */
export function newestOrder(orders: OpenableOrder[]): OpenableOrder | undefined {
  return orders.reduce<OpenableOrder | undefined>(
    (newest, order) => (!newest || (order.created ?? '') > (newest.created ?? '') ? order : newest),
    undefined,
  );
}
