import type { Corporation } from '../corporations/directory.ts';
import type { Feature } from '@taxi/contract';
import { localTime } from '../time.ts';

/** A corporation's `tariff` section: T1 by day, T2 at night (and on Sundays when so set). */
export interface Tariff {
  start_fee: number;
  per_km: { t1: number; t2: number };
  per_minute: number;
  minimum_price: number;
  t2_hours: { from: number; to: number };
  t2_on_sundays: boolean;
}

function amount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

function hour(value: unknown, fallback: number): number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 24
    ? (value as number)
    : fallback;
}

/** The tariff, or undefined when the corporation publishes none (no price is quoted then). */
export function readTariff(corporation: Corporation): Tariff | undefined {
  const raw = corporation.raw.tariff;
  if (typeof raw !== 'object' || raw === null) return undefined;
  const t = raw as Record<string, unknown>;
  const perKm = (t.per_km ?? {}) as Record<string, unknown>;
  const hours = (t.t2_hours ?? {}) as Record<string, unknown>;
  return {
    start_fee: amount(t.start_fee),
    per_km: { t1: amount(perKm.t1), t2: amount(perKm.t2 ?? perKm.t1) },
    per_minute: amount(t.per_minute),
    minimum_price: amount(t.minimum_price),
    t2_hours: { from: hour(hours.from, 22), to: hour(hours.to, 6) },
    t2_on_sundays: t.t2_on_sundays === true,
  };
}

export type Zone = 't1' | 't2';

export function tariffZone(tariff: Tariff, corporation: Corporation, pickupAt: number): Zone {
  const local = localTime(pickupAt, corporation.timeZone);
  if (tariff.t2_on_sundays && local.weekday === 0) return 't2';
  const { from, to } = tariff.t2_hours;
  const night =
    from <= to ? local.hour >= from && local.hour < to : local.hour >= from || local.hour < to;
  return night ? 't2' : 't1';
}

export interface PriceInput {
  distanceM: number;
  durationS: number;
  pickupAt: number;
  features: Feature[];
  taxiCount: number;
}

/** Fare of one taxi (start + distance + time, at least the minimum) plus surcharges, times the taxis. */
export function price(tariff: Tariff, corporation: Corporation, input: PriceInput): number {
  const zone = tariffZone(tariff, corporation, input.pickupAt);
  const fare = Math.max(
    tariff.minimum_price,
    tariff.start_fee +
      (input.distanceM / 1000) * tariff.per_km[zone] +
      (input.durationS / 60) * tariff.per_minute,
  );
  const surcharges = input.features
    .filter((feature) => feature.surcharge_enabled)
    .reduce(
      (sum, feature) => sum + (zone === 't1' ? feature.surcharge_t1 : feature.surcharge_t2),
      0,
    );
  return Math.round((fare + surcharges) * input.taxiCount * 100) / 100;
}
