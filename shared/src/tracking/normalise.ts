// The tracking socket's payloads, read field by field and leniently (../model/lenient.ts), so an
// odd message can never break the Track screen.
import {
  ORDER_STATES,
  ORDER_TYPES,
  type OrderState,
  type OrderType,
  type TaxiInfo,
} from '@taxi/contract';
import type { TrackedOrder, TrackedTaxi, TrackPoint, TrackRoute } from './types';
import { numberOf, textOf } from '../model/lenient';

type Raw = Record<string, unknown>;

/** Whether a text is one of a list of codes. */
const oneOf = (codes: readonly string[], value: string) => codes.includes(value);

function object(value: unknown): Raw | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null;
}

function strOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A list of call numbers: an array of numbers or strings, or a comma-separated string. */
function callNumbers(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string' && value.trim() !== ''
      ? value.split(',')
      : [];
  return list.map((item) => textOf(item).trim()).filter(Boolean);
}

/** A flag that may come as a boolean, a time, a number or a list of call numbers. */
function flag(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value !== '' && value !== '0' && value !== 'false';
  return Boolean(value);
}

function point(value: unknown): TrackPoint | null {
  const raw = object(value);
  if (!raw) return null;
  return { ...raw, lat: numberOf(raw.lat), lng: numberOf(raw.lng) };
}

function routes(value: unknown): TrackRoute[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const route = object(entry);
    const points = (Array.isArray(route?.points) ? route.points : []).flatMap((raw) => {
      const at = point(raw);
      return at && at.lat !== null && at.lng !== null ? [{ lat: at.lat, lng: at.lng }] : [];
    });
    return route && points.length > 1
      ? [{ points, type: textOf(route.type), color: textOf(route.color) }]
      : [];
  });
}

export function toTrackingRecord(value: unknown): TrackedOrder | null {
  const raw = object(value);
  if (!raw || !oneOf(ORDER_STATES, textOf(raw.state))) return null;
  return {
    order_id: numberOf(raw.order_id),
    order_type: (oneOf(ORDER_TYPES, textOf(raw.order_type))
      ? textOf(raw.order_type)
      : 'Z') as OrderType,
    state: textOf(raw.state) as OrderState,
    taxi_count: Math.max(1, numberOf(raw.taxi_count) ?? 1),
    accepted_taxis: callNumbers(raw.accepted_taxis),
    finished_taxis: callNumbers(raw.finished_taxis),
    arrived: flag(raw.arrived),
    client_lat: numberOf(raw.client_lat),
    client_lng: numberOf(raw.client_lng),
    created: strOrNull(raw.created),
    date_time: strOrNull(raw.date_time),
    ended: strOrNull(raw.ended),
    dst_price: numberOf(raw.dst_price),
    price: numberOf(raw.price),
    rate: numberOf(raw.rate),
    poi: point(raw.poi),
    dst: point(raw.dst),
    eta_min: numberOf(raw.eta_min),
    stage: strOrNull(raw.stage),
    revision: numberOf(raw.revision),
    routes: routes(raw.routes),
    favourite: object(raw.favourite),
  };
}

export function toTaxisData(value: unknown): Record<string, TaxiInfo> {
  const raw = object(value);
  if (!raw) return {};
  const out: Record<string, TaxiInfo> = {};
  for (const [callNumber, entry] of Object.entries(raw)) {
    const info = object(entry);
    if (!info) continue;
    out[callNumber] = {
      color: textOf(info.color),
      brand: textOf(info.brand),
      vehicle_registration: textOf(info.vehicle_registration),
    };
  }
  return out;
}

export function toLiveTaxi(value: unknown): TrackedTaxi | null {
  const raw = object(value);
  const callNumber = raw ? textOf(raw.call_number) : '';
  if (!raw || !callNumber) return null;
  return {
    call_number: callNumber,
    id: typeof raw.id === 'number' || typeof raw.id === 'string' ? raw.id : null,
    lat: numberOf(raw.lat),
    lng: numberOf(raw.lng),
    state: textOf(raw.state),
    acc: numberOf(raw.acc),
    address: textOf(raw.address),
    client: Boolean(raw.client),
    connected: raw.connected === undefined ? true : Boolean(raw.connected),
    state_zone: raw.state_zone ?? null,
    state_nav_point: raw.state_nav_point ?? null,
    state_eta: numberOf(raw.state_eta),
    alarm: Boolean(raw.alarm),
  };
}
