/** Layout constants of spec section 9 that only the screens use (the business ones: @taxi/contract). */
export const SNACKBAR_MS = 3000;

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
