// The ordering rules of spec sections 4 and 5, as plain functions.
import { addressLine, hasCoordinates } from '@taxi/contract/format';
import {
  type AddressPoint,
  type ClientData,
  TAXI_COUNT_MAX,
  TAXI_COUNT_MIN,
  WEEKDAYS,
  type Settings,
} from '@taxi/contract';
import type { OrderDraft } from './types';

export { addressLine, hasCoordinates };

/**
 * A pickup is valid when it has coordinates or a street (spec section 5). A house number
 * never stands for the street: a point with a number but neither street nor coordinates
 * is not valid.
 */
export function isPickupValid(point: AddressPoint | null | undefined): point is AddressPoint {
  if (!point) return false;
  if (hasCoordinates(point)) return true;
  return point.street.trim() !== '';
}

/** A price quote is asked for only with a valid pickup and a destination (spec section 5). */
export function needsQuote(draft: Pick<OrderDraft, 'poi' | 'dst'>): boolean {
  return isPickupValid(draft.poi) && isPickupValid(draft.dst);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a local date. */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'HH:MM' of a local time. */
export function localTimeOfDay(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'YYYY-MM-DD HH:MM:SS', the wire form of date_time. */
export function localDateTime(date: Date): string {
  return `${localDate(date)} ${localTimeOfDay(date)}:${pad(date.getSeconds())}`;
}

/** A local 'YYYY-MM-DD[ HH:MM[:SS]]' (or with T) as a Date; null when it names no real time. */
export function parseLocalDateTime(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(
    (value ?? '').trim(),
  );
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  const date = new Date(year!, month! - 1, day!, hour, minute, second);
  const real =
    date.getFullYear() === year &&
    date.getMonth() === month! - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute;
  return real ? date : null;
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

export type ScheduleProblem = 'wrong_date' | 'too_soon';

/**
 * A scheduled pickup may not be before now ('wrong_date': 'client.features.wrong_date'),
 * and must be later than now plus the advance ('too_soon': pick a later time or order now).
 */
export function checkScheduledTime(
  when: Date | null,
  now: Date,
  advanceSeconds: number,
): ScheduleProblem | null {
  if (!when || when.getTime() < now.getTime()) return 'wrong_date';
  if (when.getTime() <= now.getTime() + advanceSeconds * 1000) return 'too_soon';
  return null;
}

/** The first time a scheduled order may be placed for: now plus the advance, next 5 minutes. */
export function earliestScheduledTime(now: Date, advanceSeconds: number): Date {
  const step = 5 * 60_000;
  const earliest = now.getTime() + advanceSeconds * 1000 + 60_000;
  return new Date(Math.ceil(earliest / step) * step);
}

/** Saving a valid future time makes the draft a scheduled order (type T). */
export function withScheduledTime(draft: OrderDraft, when: Date, advance: number): OrderDraft {
  return {
    ...draft,
    order_type: 'T',
    date_time: localDateTime(when),
    advance,
    repeated_start: null,
    repeated_stop: null,
  };
}

/** Clearing the time, or a failed price refresh, makes it a regular order again (type Z). */
export function withoutScheduledTime(draft: OrderDraft): OrderDraft {
  return { ...draft, order_type: 'Z', date_time: null, advance: 0 };
}

export type SubscriptionProblem = 'start_too_early' | 'stop_too_early' | 'no_time' | 'no_days';

export interface SubscriptionInput {
  start: string | null;
  stop: string | null;
  hour: number | null;
  minute: number | null;
  days: readonly boolean[];
}

/**
 * A subscription starts tomorrow at the earliest and ends at least one day after it starts
 * (spec section 5). Its rule for editing (not before the original start) has nothing to
 * apply to: a subscription is never edited, ORDER_SAVE always places a new order.
 */
export function checkSubscription(input: SubscriptionInput, now: Date): SubscriptionProblem | null {
  const start = parseLocalDateTime(input.start);
  const stop = parseLocalDateTime(input.stop);
  const tomorrow = parseLocalDateTime(localDate(addDays(now, 1)))!;
  if (!start || start < tomorrow) return 'start_too_early';
  if (!stop || stop < addDays(start, 1)) return 'stop_too_early';
  if (input.hour === null || input.minute === null) return 'no_time';
  if (!input.days.some(Boolean)) return 'no_days';
  return null;
}

export function subscriptionDays(draft: OrderDraft): boolean[] {
  return WEEKDAYS.map((day) => draft[`repeated_${day}`]);
}

/** Taxi count moves by one between 1 and 5. */
export function stepTaxiCount(count: number, delta: number): number {
  return Math.min(TAXI_COUNT_MAX, Math.max(TAXI_COUNT_MIN, count + delta));
}

/** Cash-free shows only if the corporation allows it and the client's data does. */
export function canUseCashFree(
  settings: Pick<Settings, 'show_cash_free'>,
  client: Pick<ClientData, 'cash_free'> | null,
): boolean {
  return settings.show_cash_free && !!client?.cash_free;
}

/** Discount shows only if allowed, the client has one, and discounts are left. */
export function canUseDiscount(
  settings: Pick<Settings, 'show_discount'>,
  client: Pick<ClientData, 'discount' | 'count_discount_available'> | null,
): boolean {
  return (
    settings.show_discount &&
    !!client &&
    Number(client.discount) > 0 &&
    Number(client.count_discount_available) > 0
  );
}

/** Options the draft may carry only while the corporation and the client allow them. */
export function withAllowedPerks(
  draft: OrderDraft,
  settings: Pick<Settings, 'show_cash_free' | 'show_discount'>,
  client: ClientData | null,
): OrderDraft {
  return {
    ...draft,
    cash_free: draft.cash_free && canUseCashFree(settings, client),
    discount: draft.discount && canUseDiscount(settings, client),
  };
}

/** A scheduled order (T or W) or a subscription (R): confirmed and sent Home after saving. */
export function isTimedType(type: OrderDraft['order_type']): boolean {
  return type !== 'Z';
}
