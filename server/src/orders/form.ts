import {
  type AddressPoint,
  ORDER_TYPES,
  type OrderPayload,
  type OrderType,
  type RepeatedDays,
  RIDER_NAME_MAX,
  TAXI_COUNT_MAX,
  TAXI_COUNT_MIN,
  type Weekday,
  WEEKDAYS,
} from '@taxi/contract';
import {
  flag,
  integer,
  list,
  optionalInteger,
  optionalNumber,
  optionalRecord,
  optionalText,
  type Payload,
  record,
} from '../api/fields.ts';
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
 * An address point (spec section 3) as a caller sends it: coordinates both or neither, on the
 * globe; texts trimmed and bounded. Orders and saved places read theirs with it.
 */
export function readAddressPoint(value: Payload, name: string): AddressPoint {
  const lat = optionalNumber(value.lat, `${name}.lat`) ?? null;
  const lng = optionalNumber(value.lng, `${name}.lng`) ?? null;
  if (
    (lat === null) !== (lng === null) ||
    (lat !== null && Math.abs(lat) > 90) ||
    (lng !== null && Math.abs(lng) > 180)
  ) {
    throw new ApiFailure('INVALID_DATA', `${name}: latitude and longitude out of range`);
  }
  const field = (key: Exclude<keyof AddressPoint, 'id' | 'lat' | 'lng'>) =>
    optionalText(value[key], `${name}.${key}`, 200)?.trim() ?? '';
  return {
    id: optionalText(value.id, `${name}.id`, 100) ?? null,
    lat,
    lng,
    quarter: field('quarter'),
    city: field('city'),
    poi_name: field('poi_name'),
    street: field('street'),
    number: field('number'),
    district: field('district'),
  };
}

function point(value: Payload, name: string): AddressPoint {
  const result = readAddressPoint(value, name);
  // Valid with coordinates or a street (spec section 5).
  if (result.lat === null && result.street === '')
    throw new ApiFailure('INVALID_DATA', 'Address missing.');
  return result;
}

function scheduledTime(
  order: Payload,
  corporation: Corporation,
  now: number,
  advance: number,
): string {
  const raw = optionalText(order.date_time, 'order.date_time', 40);
  const when = raw === undefined ? undefined : parseDateTime(raw, corporation.timeZone);
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

function subscription(order: Payload, corporation: Corporation, now: number): Subscription {
  const wrong = (message: string) => new ApiFailure('WRONG_REPEATED', message);
  const date = (key: string) => {
    const raw = optionalText(order[key], `order.${key}`, 40);
    const when = raw === undefined ? undefined : parseDateTime(raw, corporation.timeZone);
    if (when === undefined) throw wrong(`${key}: expected a date YYYY-MM-DD`);
    return localTime(when, corporation.timeZone);
  };
  const start = date('repeated_start');
  const stop = date('repeated_stop');
  const today = dayNumber(localTime(now, corporation.timeZone));
  if (dayNumber(start) < today + 1) throw wrong('The subscription starts tomorrow at the earliest');
  if (dayNumber(stop) < dayNumber(start) + 1)
    throw wrong('The subscription ends at least one day after it starts');
  const hour = optionalInteger(order.repeated_time_hour, 'order.repeated_time_hour', 0, 23);
  const minute = optionalInteger(order.repeated_time_minute, 'order.repeated_time_minute', 0, 59);
  if (hour === undefined || minute === undefined)
    throw wrong('The subscription needs its hour and minute');
  const days = Object.fromEntries(
    WEEKDAYS.map((day) => [day, flag(order[`repeated_${day}`], `order.repeated_${day}`)]),
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
 * Reads and checks the `order` of ORDER_SIM and ORDER_SAVE: pickup valid, destination valid if
 * given, taxi count 1-5, known features, a scheduled time later than now plus advance
 * (WRONG_DATE_TIME), a subscription from tomorrow lasting at least a day (WRONG_REPEATED).
 */
export function readOrderForm(payload: Payload, corporation: Corporation, now: number): OrderForm {
  const order = record(payload.order, 'order');
  const type = optionalText(order.order_type, 'order.order_type', 1) ?? 'Z';
  if (!(ORDER_TYPES as readonly string[]).includes(type))
    throw new ApiFailure('INVALID_DATA', 'order.order_type: Z, T, W or R');
  const order_type = type as OrderType;
  const poiValue = optionalRecord(order.poi, 'order.poi');
  if (!poiValue) throw new ApiFailure('INVALID_DATA', 'Address missing.');
  const dstValue = optionalRecord(order.dst, 'order.dst');
  const advance = optionalInteger(order.advance, 'order.advance', 0, 24 * 60 * 60) ?? 0;

  const known = new Set(taxiFeatures(corporation, 'en').map((feature) => feature.id));
  const features = list(order.taxi_features_list, 'order.taxi_features_list', 50).map((id) =>
    integer(id, 'order.taxi_features_list', 0, Number.MAX_SAFE_INTEGER),
  );
  const unknown = features.find((id) => !known.has(id));
  if (unknown !== undefined)
    throw new ApiFailure('INVALID_DATA', `Unknown taxi feature ${unknown}`);

  const taxis = list(order.selected_taxies, 'order.selected_taxies', TAXI_COUNT_MAX).map(
    (call) => optionalText(call, 'order.selected_taxies', 20) ?? '',
  );
  const text = (key: keyof OrderPayload, max: number) =>
    optionalText(order[key], `order.${key}`, max)?.trim() ?? '';
  const rider = riderOf(text('phone', 40), text('rider_name', RIDER_NAME_MAX), corporation);
  const invoice = flag(order.invoice, 'order.invoice');
  const companyProfile =
    optionalInteger(
      order.company_profile_id,
      'order.company_profile_id',
      1,
      Number.MAX_SAFE_INTEGER,
    ) ?? null;
  if (companyProfile !== null && !invoice)
    throw new ApiFailure('INVALID_DATA', 'order.company_profile_id: needs order.invoice');
  return {
    order_type,
    date_time: TIMED_TYPES.includes(order_type)
      ? scheduledTime(order, corporation, now, advance)
      : null,
    advance,
    poi: point(poiValue, 'order.poi'),
    dst: dstValue ? point(dstValue, 'order.dst') : null,
    taxi_count:
      optionalInteger(order.taxi_count, 'order.taxi_count', TAXI_COUNT_MIN, TAXI_COUNT_MAX) ??
      TAXI_COUNT_MIN,
    passwd: text('passwd', 50),
    info: text('info', 500),
    ...rider,
    selected_taxies: [...new Set(taxis.filter(Boolean))],
    taxi_features_list: [...new Set(features)],
    taxi_group_id:
      optionalInteger(
        order.taxi_group_id ?? payload.taxi_group_id,
        'taxi_group_id',
        0,
        Number.MAX_SAFE_INTEGER,
      ) ?? null,
    gratis: flag(order.gratis, 'order.gratis'),
    cash_free: flag(order.cash_free, 'order.cash_free'),
    discount: flag(order.discount, 'order.discount'),
    invoice,
    company_profile_id: invoice ? companyProfile : null,
    repeated: order_type === 'R' ? subscription(order, corporation, now) : null,
    call_uniqueid: optionalText(order.call_uniqueid, 'order.call_uniqueid', 100) ?? null,
  };
}
