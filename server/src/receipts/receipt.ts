// A finished ride's receipt, worked out from what the server keeps of the order, never from
// what the app shows or sends: GET_RECEIPT and the receipt by e-mail both take it from here.
import type { OrderState, Receipt, ReceiptFare } from '@taxi/contract';
import type { Lang } from '../api/registry.ts';
import type { Services } from '../base/services.ts';
import { formatLocal, parseDateTime } from '../base/time.ts';
import type { Corporation } from '../corporations/directory.ts';
import { taxiFeatures } from '../corporations/features.ts';
import { carryingTaxis } from '../dispatch/carried.ts';
import { trackFacts } from '../dispatch/record.ts';
import { taxiCars } from '../fleet/taxis.ts';
import type { RouteEstimator } from '../geo/routing.ts';
import { type OrderForm, storedForm } from '../orders/form.ts';
import { orderForReceipt } from '../orders/store.ts';
import { located } from '../quotes/quote.ts';
import { priceParts, readTariff } from '../quotes/tariff.ts';

type Db = Services['storage']['db'];

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The tariff's parts for the ride's road route, beside the final price; null when either is missing. */
async function fareOf(
  routes: RouteEstimator,
  corporation: Corporation,
  lang: Lang,
  form: OrderForm,
  order: { created_at: number; date_time: string | null; taxi_count: number; price: number },
): Promise<{ fare: ReceiptFare | null; distanceM: number | null }> {
  const pickup = located(form.poi);
  const destination = located(form.dst);
  if (!pickup || !destination) return { fare: null, distanceM: null };
  const route = await routes.estimate(corporation, pickup, destination);
  const tariff = readTariff(corporation);
  if (!tariff) return { fare: null, distanceM: route.distanceM };
  const chosen = new Set(form.taxi_features_list);
  // The time the order was priced for, as the tracking record's surcharge takes it.
  const pickupAt = order.date_time
    ? (parseDateTime(order.date_time, corporation.timeZone) ?? order.created_at)
    : order.created_at;
  const parts = priceParts(tariff, corporation, {
    distanceM: route.distanceM,
    durationS: route.durationS,
    pickupAt,
    features: taxiFeatures(corporation, lang).filter((feature) => chosen.has(feature.id)),
    taxiCount: order.taxi_count,
  });
  return {
    distanceM: route.distanceM,
    fare: {
      tariff: parts.zone,
      start_fee: cents(parts.startFee),
      distance_km: Math.round(parts.distanceKm * 10) / 10,
      per_km: cents(parts.perKm),
      distance_charge: cents(parts.distanceCharge),
      duration_min: Math.round(parts.durationMin),
      per_minute: cents(parts.perMinute),
      time_charge: cents(parts.timeCharge),
      minimum_price: cents(parts.minimumPrice),
      minimum_top_up: cents(parts.minimumTopUp),
      surcharges: parts.surcharges.map((s) => ({ name: s.name, amount: cents(s.amount) })),
      taxi_count: parts.taxiCount,
      tariff_price: parts.total,
      adjustment: cents(order.price - parts.total),
    },
  };
}

/** The receipt of a finished order (its state Z and every taxi's ride ended). */
async function receiptOf(
  db: Db,
  routes: RouteEstimator,
  corporation: Corporation,
  lang: Lang,
  order: NonNullable<Awaited<ReturnType<typeof orderForReceipt>>>,
): Promise<Receipt> {
  const form = storedForm(order.form);
  const carried = await carryingTaxis(db, order.id);
  const zone = corporation.timeZone;
  const local = (at: number | null | undefined) =>
    at === null || at === undefined ? null : formatLocal(at, zone);
  const pickedUp = carried
    .map((a) => a.picked_up_at)
    .filter((at) => at !== null)
    .sort((a, b) => a - b)[0];
  // The order's own end is when the last taxi took the client; the ride ends with the last drop.
  const ended = Math.max(0, ...carried.map((a) => a.ride_ended_at ?? 0)) || order.ended_at;
  const cars = carried.length
    ? await taxiCars(
        db,
        corporation.id,
        carried.map((a) => a.call_number),
      )
    : [];
  const { fare, distanceM } =
    order.price === null
      ? { fare: null, distanceM: null }
      : await fareOf(routes, corporation, lang, form, { ...order, price: order.price });
  return {
    order_short_id: order.short_id,
    created: formatLocal(order.created_at, zone),
    picked_up: local(pickedUp),
    ended: local(ended),
    poi: form.poi,
    dst: form.dst,
    distance_m: distanceM === null ? null : Math.round(distanceM),
    price: order.price,
    fare,
    cash_free: form.cash_free,
    taxis: cars.map((car) => ({
      call_number: car.call_number,
      brand: car.brand,
      color: car.color,
      vehicle_registration: car.vehicle_registration,
    })),
  };
}

/**
 * The receipt of an order of the corporation, null until the ride is finished; undefined for an
 * order not found. GET_RECEIPT and the receipt by e-mail both take it from here.
 */
export async function finishedReceipt(
  { storage, routes }: Pick<Services, 'storage' | 'routes'>,
  corporation: Corporation,
  lang: Lang,
  orderId: number,
): Promise<{ state: OrderState; receipt: Receipt | null } | undefined> {
  const order = await orderForReceipt(storage.db, orderId);
  if (!order) return undefined;
  const facts = await trackFacts(storage.db, order);
  // A ride still under way has no final price yet.
  if (order.state !== 'Z' || facts.stage !== 'finished')
    return { state: order.state, receipt: null };
  return {
    state: order.state,
    receipt: await receiptOf(storage.db, routes, corporation, lang, order),
  };
}
