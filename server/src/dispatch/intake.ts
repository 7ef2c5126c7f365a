import type { Lang } from '../api/registry.ts';
import type { Corporation } from '../corporations/directory.ts';
import { ApiFailure } from '../base/errors.ts';
import type { OrderForm } from '../orders/form.ts';
import { orderCorporationId, orderStatus } from '../orders/store.ts';
import { located, ridePrice } from '../quotes/quote.ts';
import { parseDateTime } from '../base/time.ts';
import { cancelOffers, offerMore } from './matching.ts';
import { dispatchSettings } from './settings.ts';
import { ASSIGNMENT_STATES as S } from './tables.ts';
import type { DispatcherOptions } from './options.ts';
import { type Change, logEntry, touch, transition } from './transition.ts';

const TIMED_TYPES = ['T', 'W'];

/** The columns the dispatch keeps with a new order: when to dispatch it, pickup, price, route. */
export async function prepare(
  o: DispatcherOptions,
  corporation: Corporation,
  form: OrderForm,
  lang: Lang,
  now: number,
) {
  let pickup = located(form.poi);
  if (!pickup) {
    // A pickup typed as a street: the first search result places it.
    const query = [`${form.poi.street} ${form.poi.number}`.trim(), form.poi.city]
      .filter(Boolean)
      .join(', ');
    const [found] = await o.geo.search(corporation, query, 1).catch(() => []);
    if (found) pickup = { lat: found.lat, lng: found.lng };
  }
  const { dst_price, dst_map_points } = await ridePrice(o.routes, corporation, form, lang, now);
  return {
    dispatch_at: dispatchAt(corporation, form, now),
    pickup_lat: pickup?.lat ?? null,
    pickup_lng: pickup?.lng ?? null,
    dst_price,
    route: dst_map_points.length > 1 ? JSON.stringify(dst_map_points) : null,
  };
}

/** When to dispatch: now, or a timed order's time less its advance; null for a subscription. */
export function dispatchAt(
  corporation: Corporation,
  form: Pick<OrderForm, 'order_type' | 'date_time' | 'advance'>,
  now: number,
): number | null {
  if (form.order_type === 'R') return null;
  if (!TIMED_TYPES.includes(form.order_type) || !form.date_time) return now;
  const at = parseDateTime(form.date_time, corporation.timeZone) ?? now;
  const advance = form.advance > 0 ? form.advance : dispatchSettings(corporation).defaultAdvanceS;
  return Math.max(now, at - advance * 1000);
}

/** Writes the `created` entry (and the time and advance of a timed order) of a new order. */
export async function logCreated(
  change: Pick<Change, 'trx' | 'now'>,
  orderId: number,
  form: OrderForm,
): Promise<void> {
  await logEntry(change, orderId, 'created', null, {
    order_type: form.order_type,
    taxi_count: form.taxi_count,
  });
  if (form.date_time) {
    await logEntry(change, orderId, 'set_date_time', null, { date_time: form.date_time });
    await logEntry(change, orderId, 'set_advance', null, { advance: form.advance });
  }
}

/** A due order goes into progress (T) and to the first taxis. */
export async function startOrder(
  o: DispatcherOptions,
  change: Change,
  orderId: number,
): Promise<void> {
  const order = await orderStatus(change.trx, orderId);
  if (order?.state !== 'U') return;
  await touch(change, orderId, { state: 'T' });
  if (TIMED_TYPES.includes(order.order_type))
    await logEntry(change, orderId, 'taxi_to_timely', null, {});
  await offerMore(o, change, orderId);
}

/** Cancels an order (state A) while no taxi has the client; ACTION_NOT_ALLOWED after. */
export async function cancelOrder(o: DispatcherOptions, orderId: number): Promise<void> {
  const now = o.clock.now();
  const corporationId = await orderCorporationId(o.storage.db, orderId);
  if (!corporationId) throw new ApiFailure('NOT_FOUND', 'Order not found');
  await transition(o, corporationId, now, async (change) => {
    const { trx } = change;
    const order = await orderStatus(trx, orderId);
    if (!order) throw new ApiFailure('NOT_FOUND', 'Order not found');
    const pickedUp = await trx
      .selectFrom('assignments')
      .select('id')
      .where('order_id', '=', orderId)
      .where('state', '=', S.PICKED_UP)
      .executeTakeFirst();
    if (!['U', 'T'].includes(order.state) || pickedUp)
      throw new ApiFailure('ACTION_NOT_ALLOWED', 'The order can no longer be cancelled');
    await cancelOffers(change, orderId);
    await logEntry(change, orderId, 'cancel', null, { by: 'client' });
    await touch(change, orderId, { state: 'A', ended_at: now });
  });
}
