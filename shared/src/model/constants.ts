/** Business constants and limits (spec section 9). */
export const ADDRESS_SEARCH_MIN_CHARS = 3;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
export const LIVE_RECONNECT_DELAY_MS = 5000;
export const TAXI_COUNT_MIN = 1;
export const TAXI_COUNT_MAX = 5;
export const LOGIN_CODE_LENGTH = 6;
export const RATING_MIN = -2;
export const RATING_MAX = 2;
export const ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT = 1000;
export const SNACKBAR_MS = 3000;
export const DRAWER_WIDTH = 320;
export const TRACK_RATE_LOOKUP_DELAY_MS = 1000;

export const MAP = {
  defaultPadding: { top: 48, right: 48, bottom: 48, left: 48 },
  homePickupPadding: { top: 72, right: 48, bottom: 196, left: 48 },
  trackPadding: { top: 96, right: 24, bottom: 216, left: 24 },
  maxTileZoom: 18,
  maxViewZoom: 22,
  fitAnimationMs: 1000,
  fitDebounceMs: 300,
} as const;

/** Map icon colour per taxi state; a taxi in another state is hidden. */
export const TAXI_STATE_COLOURS: Readonly<Record<string, string>> = {
  W: '#2e9d3a',
  K: '#e754a6',
  P: '#f2c418',
  B: '#111111',
  Z: '#d93025',
  D: '#1a5fd0',
  O: '#6ec6f5',
};
