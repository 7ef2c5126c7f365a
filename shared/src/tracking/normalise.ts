// The tracking socket's payloads, checked field by field: a field of the wrong kind becomes
// its empty value, so an odd message can never break the Track screen. Not a schema library:
// one would refuse the whole update, and weigh more than the ride link's first screen has left
// (docs/decisions/0014-schemas-at-the-servers-edge.md).
import {
  ORDER_STATES,
  ORDER_TYPES,
  type OrderState,
  type OrderType,
  type TaxiInfo,
} from '@taxi/contract';
import type { TrackedOrder, TrackedTaxi, TrackPoint, TrackRoute } from './types';

type Raw = Record<string, unknown>;

/** Whether a text is one of a list of codes. */
const oneOf = (codes: readonly string[], value: string) => codes.includes(value);

function object(value: unknown): Raw | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null;
}

function num(value: unknown): number | null {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
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
  return list.map((item) => str(item).trim()).filter(Boolean);
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
  return { ...raw, lat: num(raw.lat), lng: num(raw.lng) };
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
      ? [{ points, type: str(route.type), color: str(route.color) }]
      : [];
  });
}

export function toTrackingRecord(value: unknown): TrackedOrder | null {
  const raw = object(value);
  if (!raw || !oneOf(ORDER_STATES, str(raw.state))) return null;
  return {
    order_id: num(raw.order_id),
    order_type: (oneOf(ORDER_TYPES, str(raw.order_type)) ? str(raw.order_type) : 'Z') as OrderType,
    state: str(raw.state) as OrderState,
    taxi_count: Math.max(1, num(raw.taxi_count) ?? 1),
    accepted_taxis: callNumbers(raw.accepted_taxis),
    finished_taxis: callNumbers(raw.finished_taxis),
    arrived: flag(raw.arrived),
    client_lat: num(raw.client_lat),
    client_lng: num(raw.client_lng),
    created: strOrNull(raw.created),
    date_time: strOrNull(raw.date_time),
    ended: strOrNull(raw.ended),
    dst_price: num(raw.dst_price),
    price: num(raw.price),
    rate: num(raw.rate),
    poi: point(raw.poi),
    dst: point(raw.dst),
    eta_min: num(raw.eta_min),
    stage: strOrNull(raw.stage),
    revision: num(raw.revision),
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
      color: str(info.color),
      brand: str(info.brand),
      vehicle_registration: str(info.vehicle_registration),
    };
  }
  return out;
}

export function toLiveTaxi(value: unknown): TrackedTaxi | null {
  const raw = object(value);
  const callNumber = raw ? str(raw.call_number) : '';
  if (!raw || !callNumber) return null;
  return {
    call_number: callNumber,
    id: typeof raw.id === 'number' || typeof raw.id === 'string' ? raw.id : null,
    lat: num(raw.lat),
    lng: num(raw.lng),
    state: str(raw.state),
    acc: num(raw.acc),
    address: str(raw.address),
    client: Boolean(raw.client),
    connected: raw.connected === undefined ? true : Boolean(raw.connected),
    state_zone: raw.state_zone ?? null,
    state_nav_point: raw.state_nav_point ?? null,
    state_eta: num(raw.state_eta),
    alarm: Boolean(raw.alarm),
  };
}
