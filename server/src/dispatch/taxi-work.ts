import type { DriverOrder, DriverWork, OrderType } from '@taxi/contract';
import type { Clock } from '../base/clock.ts';
import type { Db } from '../db/storage.ts';
import { storedForm, storedRoute } from '../orders/form.ts';
import { ordersForTaxis } from '../orders/store.ts';
import { formatLocal } from '../base/time.ts';
import type { TaxiRef } from './driver-actions.ts';
import { ASSIGNMENT_STATES as S } from './tables.ts';

function driverOrder(
  order: {
    id: number;
    short_id: string;
    order_type: OrderType;
    date_time: string | null;
    form: string;
    pickup_lat: number | null;
    pickup_lng: number | null;
    dst_price: number | null;
    route: string | null;
    taxi_count: number;
  },
  accepted: boolean,
): DriverOrder {
  const form = storedForm(order.form);
  return {
    order_id: order.id,
    order_short_id: order.short_id,
    order_type: order.order_type,
    date_time: order.date_time,
    poi: form.poi,
    dst: form.dst,
    pickup:
      order.pickup_lat !== null && order.pickup_lng !== null
        ? { lat: order.pickup_lat, lng: order.pickup_lng }
        : null,
    info: form.info,
    taxi_count: order.taxi_count,
    taxi_features_list: form.taxi_features_list,
    cash_free: form.cash_free,
    dst_price: order.dst_price,
    route: storedRoute(order.route),
    // The individual password and the phone only once the taxi has taken the order.
    passwd: accepted ? form.passwd : null,
    phone: accepted ? form.phone : null,
  };
}

function workQuery(db: Db, taxi: TaxiRef) {
  return db
    .selectFrom('assignments as a')
    .innerJoin(ordersForTaxis(db).as('o'), 'o.id', 'a.order_id')
    .select([
      'a.state as assignment_state',
      'a.expires_at',
      'a.arrived_at',
      'a.ride_ended_at',
      'a.offered_at',
    ])
    .select([
      'o.id',
      'o.short_id',
      'o.order_type',
      'o.date_time',
      'o.form',
      'o.pickup_lat',
      'o.pickup_lng',
      'o.dst_price',
      'o.route',
      'o.taxi_count',
    ])
    .where('a.corporation_id', '=', taxi.corporation.id)
    .where('a.call_number', '=', taxi.callNumber)
    .where('a.state', 'in', [S.SENT, S.ACCEPTED, S.PICKED_UP])
    .where('a.ride_ended_at', 'is', null)
    .orderBy('a.id');
}

/** A signed-in taxi's open offers and its orders (accepted, or with the client on board). */
export function taxiWork(db: Db, clock: Clock) {
  /**
   * Each signed-in taxi's query, built and compiled once: it is the same at every report, and
   * building it anew was a visible share of a report's CPU in the tracking bench's profile.
   */
  const workQueries = new WeakMap<TaxiRef, ReturnType<ReturnType<typeof workQuery>['compile']>>();
  return async (taxi: TaxiRef): Promise<DriverWork> => {
    let query = workQueries.get(taxi);
    if (!query) workQueries.set(taxi, (query = workQuery(db, taxi).compile()));
    const { rows } = await db.executeQuery(query);
    const now = clock.now();
    const zone = taxi.corporation.timeZone;
    return {
      offers: rows
        .filter((r) => r.assignment_state === S.SENT && r.expires_at > now)
        .map((r) => ({
          order_id: r.id,
          offered_at: formatLocal(r.offered_at, zone),
          expires_in_s: Math.ceil((r.expires_at - now) / 1000),
          order: driverOrder(r, false),
        })),
      orders: rows
        .filter((r) => r.assignment_state !== S.SENT)
        .map((r) => ({
          order_id: r.id,
          assignment_state: r.assignment_state,
          arrived: r.arrived_at !== null,
          order: driverOrder(r, true),
        })),
    };
  };
}
