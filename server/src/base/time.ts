/** Wall-clock time in a corporation's time zone: orders carry local times (spec section 3). */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday .. 6 Saturday */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const SHORT_DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function format(zone: string): Intl.DateTimeFormat {
  let result = formats.get(zone);
  if (!result) {
    result = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formats.set(zone, result);
  }
  return result;
}

export function isTimeZone(zone: string): boolean {
  try {
    format(zone);
    return true;
  } catch {
    return false;
  }
}

/** Offsets (ms) of each zone by the minute they hold in; zone changes fall on whole minutes. */
const offsets = new Map<string, Map<number, number>>();
/** Before this (2000-01-01) some zones changed offset at odd seconds: those times are not cached. */
const CACHED_FROM = 946_684_800_000;
const MINUTE = 60_000;

function partsOf(epochMs: number, zone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of format(zone).formatToParts(epochMs)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: SHORT_DAY_NAMES.indexOf(parts.weekday ?? ''),
  };
}

/**
 * The wall-clock time of an instant in a zone. Intl's formatToParts is slow (every quote and
 * order list calls this), so the zone's offset is kept per minute and the time worked out from it.
 */
export function localTime(epochMs: number, zone: string): LocalTime {
  if (!(epochMs >= CACHED_FROM)) return partsOf(epochMs, zone);
  let known = offsets.get(zone);
  if (!known) offsets.set(zone, (known = new Map()));
  const minute = Math.floor(epochMs / MINUTE);
  let offset = known.get(minute);
  if (offset === undefined) {
    const at = minute * MINUTE;
    offset = asUtc(partsOf(at, zone)) - at;
    if (known.size >= 10_000) known.clear();
    known.set(minute, offset);
  }
  const local = new Date(epochMs + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay(),
  };
}

function asUtc(t: Omit<LocalTime, 'weekday'>): number {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}

/** The instant a local wall-clock time names (the later one in a DST overlap). */
export function epochOf(time: Omit<LocalTime, 'weekday'>, zone: string): number {
  const wanted = asUtc(time);
  let guess = wanted;
  for (let i = 0; i < 2; i++) guess = wanted - (asUtc(localTime(guess, zone)) - guess);
  return guess;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD HH:MM:SS' */
export function formatLocal(epochMs: number, zone: string): string {
  const t = localTime(epochMs, zone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * A date or date-time as the client sends it: 'YYYY-MM-DD[ HH:MM[:SS]]' in the corporation's
 * zone, or ISO 8601 with Z or an offset. undefined when it names no real time.
 */
export function parseDateTime(value: string, zone: string): number | undefined {
  const local = LOCAL.exec(value.trim());
  if (local) {
    const [year, month, day, hour, minute, second] = local
      .slice(1)
      .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
    const time = { year, month, day, hour, minute, second };
    const probe = new Date(asUtc(time));
    const real =
      probe.getUTCFullYear() === year &&
      probe.getUTCMonth() === month - 1 &&
      probe.getUTCDate() === day &&
      hour < 24 &&
      minute < 60 &&
      second < 60;
    return real ? epochOf(time, zone) : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim()))
    return undefined;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? undefined : instant;
}

/** Days since the epoch of a local calendar date: compares dates without times. */
export function dayNumber(t: Pick<LocalTime, 'year' | 'month' | 'day'>): number {
  return Date.UTC(t.year, t.month - 1, t.day) / 86_400_000;
}
