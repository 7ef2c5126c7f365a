import {
  type AddressPoint,
  type OrderPayload,
  type OrderRequest,
  type OrderType,
  type RepeatedDays,
  type Weekday,
  WEEKDAYS,
} from '@taxi/contract';
import type { Corporation } from '../corporations/directory.ts';
import type { LatLng } from '../geo/geometry.ts';
import { taxiFeatures } from '../corporations/features.ts';
import { normalisePhone } from '../accounts/phone.ts';
import { ApiFailure } from '../base/errors.ts';
import { dayNumber, formatLocal, localTime, parseDateTime } from '../base/time.ts';

/** Types carrying a pickup time: T scheduled, W calculated. */
const TIMED_TYPES: readonly OrderType[] = ['T', 'W'];
/** How far ahead a scheduled order may be placed. */
const LONGEST_LEAD_MS = 90 * 24 * 60 * 60_000;

export interface Subscription {
  repeated_start: string;
  repeated_stop: string;
  repeated_time_hour: number;
  repeated_time_minute: number;
  /** repeated_monday .. repeated_sunday */
  days: Record<Weekday, boolean>;
}

/** The subscription fields of the payload: an OrderForm holds them as `repeated`. */
type RepeatedFields =
  | keyof RepeatedDays
  | 'repeated_start'
  | 'repeated_stop'
  | 'repeated_time_hour'
  | 'repeated_time_minute';

/** An order form (the contract's order payload) that passed every rule of spec section 5. */
export interface OrderForm extends Omit<OrderPayload, 'id' | 'poi' | RepeatedFields> {
  poi: AddressPoint;
  repeated: Subscription | null;
}

/**
 * An address point (spec section 3) as its schema let it in: coordinates both or neither
 * (spec section 5), texts trimmed. Orders and saved places read theirs with it.
 */
export function readAddressPoint(value: AddressPoint, name: string): AddressPoint {
  if ((value.lat === null) !== (value.lng === null))
    throw new ApiFailure('INVALID_DATA', `${name}: latitude and longitude out of range`);
  return {
    id: value.id,
    lat: value.lat,
    lng: value.lng,
    quarter: value.quarter.trim(),
    city: value.city.trim(),
    poi_name: value.poi_name.trim(),
    street: value.street.trim(),
    number: value.number.trim(),
    district: value.district.trim(),
  };
}

function point(value: AddressPoint, name: string): AddressPoint {
  const result = readAddressPoint(value, name);
  // Valid with coordinates or a street (spec section 5).
  if (result.lat === null && result.street === '')
    throw new ApiFailure('INVALID_DATA', 'Address missing.');
  return result;
}

function scheduledTime(
  order: OrderPayload,
  corporation: Corporation,
  now: number,
  advance: number,
): string {
  const raw = order.date_time;
  const when = raw === null ? undefined : parseDateTime(raw, corporation.timeZone);
  if (when === undefined)
    throw new ApiFailure('WRONG_DATE_TIME', 'A scheduled order needs its date and time');
  if (when <= now + advance * 1000) {
    throw new ApiFailure(
      'WRONG_DATE_TIME',
      'Please select further pickup time or order taxi for now.',
    );
  }
  if (when > now + LONGEST_LEAD_MS)
    throw new ApiFailure('WRONG_DATE_TIME', 'The pickup time is too far ahead');
  return formatLocal(when, corporation.timeZone);
}

function subscription(order: OrderPayload, corporation: Corporation, now: number): Subscription {
  const wrong = (message: string) => new ApiFailure('WRONG_REPEATED', message);
  const date = (key: 'repeated_start' | 'repeated_stop') => {
    const raw = order[key];
    const when = raw === null ? undefined : parseDateTime(raw, corporation.timeZone);
    if (when === undefined) throw wrong(`${key}: expected a date YYYY-MM-DD`);
    return localTime(when, corporation.timeZone);
  };
  const start = date('repeated_start');
  const stop = date('repeated_stop');
  const today = dayNumber(localTime(now, corporation.timeZone));
  if (dayNumber(start) < today + 1) throw wrong('The subscription starts tomorrow at the earliest');
  if (dayNumber(stop) < dayNumber(start) + 1)
    throw wrong('The subscription ends at least one day after it starts');
  const hour = order.repeated_time_hour;
  const minute = order.repeated_time_minute;
  if (hour === null || minute === null) throw wrong('The subscription needs its hour and minute');
  const days = Object.fromEntries(
    WEEKDAYS.map((day) => [day, order[`repeated_${day}`]]),
  ) as Subscription['days'];
  if (!Object.values(days).some(Boolean)) throw wrong('Choose at least one day of the week');
  const iso = (t: typeof start) =>
    `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
  return {
    repeated_start: iso(start),
    repeated_stop: iso(stop),
    repeated_time_hour: hour,
    repeated_time_minute: minute,
    days,
  };
}

/**
 * A ride for someone else: the rider's mobile number (as the login phone: a number the
 * corporation texts, in E.164) and name, or neither. A name without a number is refused.
 */
function riderOf(
  phone: string,
  name: string,
  corporation: Corporation,
): Pick<OrderForm, 'phone' | 'rider_name'> {
  if (phone === '') {
    if (name !== '') throw new ApiFailure('INVALID_DATA', 'order.phone: the rider needs a phone');
    return { phone: '' };
  }
  return { phone: normalisePhone(phone, corporation), rider_name: name };
}

/** An order's form as `orders.form` keeps it: written from readOrderForm, read back whole. */
export const storedForm = (text: string): OrderForm => JSON.parse(text) as OrderForm;

/** An order's road route as `orders.route` keeps it (JSON), none for an order without one. */
export const storedRoute = (text: string | null): LatLng[] =>
  text ? (JSON.parse(text) as LatLng[]) : [];

/**
 * Checks the `order` of ORDER_SIM and ORDER_SAVE (its shape and bounds are its schema's) against
 * the rules of spec section 5: pickup valid, destination valid if given, known features, a
 * scheduled time later than now plus advance (WRONG_DATE_TIME), a subscription from tomorrow
 * lasting at least a day (WRONG_REPEATED).
 */
export function readOrderForm(
  request: OrderRequest,
  corporation: Corporation,
  now: number,
): OrderForm {
  const { order } = request;
  if (!order.poi) throw new ApiFailure('INVALID_DATA', 'Address missing.');
  const known = new Set(taxiFeatures(corporation, 'en').map((feature) => feature.id));
  const unknown = order.taxi_features_list.find((id) => !known.has(id));
  if (unknown !== undefined)
    throw new ApiFailure('INVALID_DATA', `Unknown taxi feature ${unknown}`);
  const rider = riderOf(order.phone.trim(), order.rider_name?.trim() ?? '', corporation);
  const companyProfile = order.company_profile_id ?? null;
  if (companyProfile !== null && !order.invoice)
    throw new ApiFailure('INVALID_DATA', 'order.company_profile_id: needs order.invoice');
  return {
    order_type: order.order_type,
    date_time: TIMED_TYPES.includes(order.order_type)
      ? scheduledTime(order, corporation, now, order.advance)
      : null,
    advance: order.advance,
    poi: point(order.poi, 'order.poi'),
    dst: order.dst ? point(order.dst, 'order.dst') : null,
    taxi_count: order.taxi_count,
    passwd: order.passwd.trim(),
    info: order.info.trim(),
    ...rider,
    selected_taxies: [...new Set(order.selected_taxies.filter(Boolean))],
    taxi_features_list: [...new Set(order.taxi_features_list)],
    taxi_group_id: order.taxi_group_id ?? request.taxi_group_id,
    gratis: order.gratis,
    cash_free: order.cash_free,
    discount: order.discount,
    invoice: order.invoice,
    company_profile_id: order.invoice ? companyProfile : null,
    repeated: order.order_type === 'R' ? subscription(order, corporation, now) : null,
    call_uniqueid: order.call_uniqueid,
  };
}
