/** Business constants and limits of spec section 9 that both the server and the screens keep. */
export const ADDRESS_SEARCH_MIN_CHARS = 3;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
export const LIVE_RECONNECT_DELAY_MS = 5000;
export const TAXI_COUNT_MIN = 1;
export const TAXI_COUNT_MAX = 5;
/** Extension: the longest rider's name of an order for someone else. */
export const RIDER_NAME_MAX = 60;
export const LOGIN_CODE_LENGTH = 6;
/** Rating scale -2..2 (Very bad .. Very good). */
export const RATING_MIN = -2;
export const RATING_MAX = 2;
/** ETAs above this are shown as "more than" it. */
export const ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT = 1000;
/** Track start waits this long before the rating lookup (spec section 7). */
export const TRACK_RATE_LOOKUP_DELAY_MS = 1000;
/** Seconds a timed order lies ahead by default (90 minutes). */
export const TIMELY_ADDITIONAL_DEFAULT_S = 5400;

/** Spec section 3: repeated_monday .. repeated_sunday, in the spec's order (Monday first). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

export type Weekday = (typeof WEEKDAYS)[number];

/** The weekday of JavaScript's getDay() numbering (0 = Sunday). */
export function weekdayOfDayNumber(day: number): Weekday {
  return WEEKDAYS[(day + 6) % 7]!;
}
