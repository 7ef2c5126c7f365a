import type { OrderState, Stage, TaxiInfo, TrackingRecord, TrackViewFacts } from '@taxi/contract';
import type { Corporation } from '../corporations/directory.ts';
import { taxiFeatures } from '../corporations/features.ts';
import type { Db } from '../db/storage.ts';
import { taxiCars } from '../fleet/taxis.ts';
import { ratingOf } from '../rating/store.ts';
import { favouriteOutcome } from './favourite.ts';
import { storedForm, storedRoute } from '../orders/form.ts';
import { findOrder } from '../orders/store.ts';
import type { RouteEstimator } from '../geo/routing.ts';
import { readTariff, tariffZone } from '../quotes/tariff.ts';
import { formatLocal, parseDateTime } from '../base/time.ts';

/** Published on `order:<id>` after every change of an order. */
export interface OrderEvent {
  corporation_id: string;
  record: TrackingRecord;
  taxis_data: Record<string, TaxiInfo>;
  /** Taxis whose positions the order's viewers get: accepted, or carrying the client. */
  watch_taxis: string[];
}

const FINAL_STATES = ['A', 'M'];

function stageOf(
  state: string,
  assignments: { state: string; arrived_at: number | null; ride_ended_at: number | null }[],
): Stage {
  if (state === 'A') return 'cancelled';
  if (state === 'M') return 'no_show';
  if (state === 'U') return 'created';
  const picked = assignments.filter((a) => a.state === 'Z');
  if (state === 'Z')
    return picked.some((a) => a.ride_ended_at === null) ? 'client_in_taxi' : 'finished';
  const accepted = assignments.filter((a) => a.state === 'P');
  if (accepted.some((a) => a.arrived_at !== null)) return 'taxi_arrived';
  if (accepted.length > 0) return 'taxi_on_the_way';
  if (picked.length > 0) return 'client_in_taxi';
  if (assignments.some((a) => a.state === 'U')) return 'waiting_for_accept';
  return 'waiting_for_taxi';
}

/** An order's taxis, oldest first. */
function assignmentsOf(db: Db, orderId: number) {
  return db
    .selectFrom('assignments')
    .select(['call_number', 'state', 'arrived_at', 'ride_ended_at', 'picked_up_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** Call numbers of the taxis that accepted the order, and of those the passenger got into. */
function takenBy(assignments: { call_number: string; state: string }[]) {
  return {
    accepted: assignments
      .filter((a) => a.state === 'P' || a.state === 'Z')
      .map((a) => a.call_number),
    finished: assignments.filter((a) => a.state === 'Z').map((a) => a.call_number),
  };
}

/** What decides an order's Track view (@taxi/contract orderViewOf), without its whole record. */
export async function trackFacts(
  db: Db,
  order: { id: number; state: OrderState; taxi_count: number; arrived_at: number | null },
): Promise<TrackViewFacts> {
  const assignments = await assignmentsOf(db, order.id);
  const { accepted, finished } = takenBy(assignments);
  return {
    state: order.state,
    stage: stageOf(order.state, assignments),
    taxi_count: order.taxi_count,
    accepted: accepted.length,
    finished: finished.length,
    // The record carries it as the time the taxi arrived.
    arrived: order.arrived_at !== null,
  };
}

/** Builds the tracking record of an order from the database. */
export async function orderEvent(
  db: Db,
  corporation: Corporation,
  orderId: number,
  routes: RouteEstimator,
  now: number,
): Promise<OrderEvent | undefined> {
  const order = await findOrder(db, orderId);
  if (!order) return undefined;
  const assignments = await assignmentsOf(db, orderId);
  const { accepted, finished } = takenBy(assignments);
  const taxis = accepted.length ? await taxiCars(db, order.corporation_id, accepted) : [];
  const rating = await ratingOf(db, orderId);
  const form = storedForm(order.form);
  const zone = corporation.timeZone;
  const local = (at: number | null) => (at === null ? null : formatLocal(at, zone));
  const pickup =
    order.pickup_lat !== null && order.pickup_lng !== null
      ? { lat: order.pickup_lat, lng: order.pickup_lng }
      : null;

  let etaMin: number | null = null;
  const onTheWay = assignments.filter((a) => a.state === 'P' && a.arrived_at === null);
  if (pickup && onTheWay.length > 0 && order.state === 'T') {
    for (const taxi of taxis.filter((t) => onTheWay.some((a) => a.call_number === t.call_number))) {
      const route = await routes.estimate(corporation, taxi, pickup);
      const minutes = Math.max(1, Math.ceil(route.durationS / 60));
      if (etaMin === null || minutes < etaMin) etaMin = minutes;
    }
  }

  const tariff = readTariff(corporation);
  const chosen = new Set(form.taxi_features_list);
  const pickupAt = order.date_time
    ? (parseDateTime(order.date_time, zone) ?? order.created_at)
    : order.created_at;
  const tariffZoneNow = tariff ? tariffZone(tariff, corporation, pickupAt) : 't1';
  const surcharge = taxiFeatures(corporation, 'en')
    .filter((f) => chosen.has(f.id) && f.surcharge_enabled)
    .reduce((sum, f) => sum + (tariffZoneNow === 't1' ? f.surcharge_t1 : f.surcharge_t2), 0);

  const routePoints = storedRoute(order.route);
  const colour = corporation.settings.color ?? '#f5b400';
  const record: TrackingRecord = {
    order_id: order.id,
    order_short_id: order.short_id,
    order_type: order.order_type,
    state: order.state,
    stage: stageOf(order.state, assignments),
    created: formatLocal(order.created_at, zone),
    date_time: order.date_time,
    arrived: local(order.arrived_at),
    ended: local(order.ended_at),
    taxi_count: order.taxi_count,
    accepted_taxis: accepted,
    finished_taxis: finished,
    client_lat: pickup?.lat ?? null,
    client_lng: pickup?.lng ?? null,
    poi: form.poi,
    dst: form.dst,
    dst_price: order.dst_price,
    price: order.price,
    surcharge,
    rate: rating?.rate ?? null,
    eta_min: etaMin,
    eta: etaMin === null ? null : formatLocal(now + etaMin * 60_000, zone),
    routes: routePoints.length > 1 ? [{ points: routePoints, type: 'ride', color: colour }] : [],
    info: form.info,
    revision: order.revision,
    favourite: await favouriteOutcome(db, order.id, form.selected_taxies, accepted),
  };
  const taxis_data: Record<string, TaxiInfo> = {};
  for (const taxi of taxis)
    taxis_data[taxi.call_number] = {
      color: taxi.color,
      brand: taxi.brand,
      vehicle_registration: taxi.vehicle_registration,
    };
  const watching = FINAL_STATES.includes(order.state)
    ? []
    : assignments
        .filter((a) => a.state === 'P' || (a.state === 'Z' && a.ride_ended_at === null))
        .map((a) => a.call_number);
  return {
    corporation_id: order.corporation_id,
    record,
    taxis_data,
    watch_taxis: [...new Set(watching)],
  };
}
