import type { Corporation } from '../corporations/directory.ts';
import type { Feature } from '@taxi/contract';
import { localTime } from '../base/time.ts';

/** A corporation's `tariff` section: T1 by day, T2 at night (and on Sundays when so set). */
export interface Tariff {
  start_fee: number;
  per_km: { t1: number; t2: number };
  per_minute: number;
  minimum_price: number;
  t2_hours: { from: number; to: number };
  t2_on_sundays: boolean;
}

/**
 * The tariff with its defaults (T2's rate per km is T1's, night from 22 to 6), or undefined when
 * the corporation publishes none (no price is quoted then).
 */
export function readTariff(corporation: Corporation): Tariff | undefined {
  const t = corporation.sections.tariff;
  if (!t) return undefined;
  const t1 = t.per_km?.t1 ?? 0;
  return {
    start_fee: t.start_fee ?? 0,
    per_km: { t1, t2: t.per_km?.t2 ?? t1 },
    per_minute: t.per_minute ?? 0,
    minimum_price: t.minimum_price ?? 0,
    t2_hours: { from: t.t2_hours?.from ?? 22, to: t.t2_hours?.to ?? 6 },
    t2_on_sundays: t.t2_on_sundays ?? false,
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

const grosze = (amount: number) => Math.round(amount * 100) / 100;

/** The parts of a price: one taxi's fare, its surcharges, the taxis (a receipt shows each). */
export interface PriceParts {
  zone: Zone;
  startFee: number;
  distanceKm: number;
  perKm: number;
  distanceCharge: number;
  durationMin: number;
  perMinute: number;
  timeCharge: number;
  minimumPrice: number;
  /** What the minimum price adds to a shorter ride. */
  minimumTopUp: number;
  surcharges: { name: string; amount: number }[];
  taxiCount: number;
  total: number;
}

/** Fare of one taxi (start + distance + time, at least the minimum) plus surcharges, times the taxis. */
export function priceParts(
  tariff: Tariff,
  corporation: Corporation,
  input: PriceInput,
): PriceParts {
  const zone = tariffZone(tariff, corporation, input.pickupAt);
  const distanceKm = input.distanceM / 1000;
  const durationMin = input.durationS / 60;
  const metered =
    tariff.start_fee + distanceKm * tariff.per_km[zone] + durationMin * tariff.per_minute;
  const fare = Math.max(tariff.minimum_price, metered);
  const surcharges = input.features
    .filter((feature) => feature.surcharge_enabled)
    .map((feature) => ({
      name: feature.name,
      amount: zone === 't1' ? feature.surcharge_t1 : feature.surcharge_t2,
    }));
  const added = surcharges.reduce((sum, surcharge) => sum + surcharge.amount, 0);
  return {
    zone,
    startFee: tariff.start_fee,
    distanceKm,
    perKm: tariff.per_km[zone],
    distanceCharge: distanceKm * tariff.per_km[zone],
    durationMin,
    perMinute: tariff.per_minute,
    timeCharge: durationMin * tariff.per_minute,
    minimumPrice: tariff.minimum_price,
    minimumTopUp: fare - metered,
    surcharges,
    taxiCount: input.taxiCount,
    total: grosze((fare + added) * input.taxiCount),
  };
}

/** The price of priceParts. */
export function price(tariff: Tariff, corporation: Corporation, input: PriceInput): number {
  return priceParts(tariff, corporation, input).total;
}
