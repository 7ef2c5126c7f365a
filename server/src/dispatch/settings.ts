import type { Corporation } from '../corporations/directory.ts';

/** A corporation file's `dispatch` section, with defaults. */
export interface DispatchSettings {
  /** Seconds a driver has to answer an offer before it goes to the next taxi. */
  offerTimeoutS: number;
  /** Seconds before its time a timed order with no `advance` of its own is dispatched. */
  defaultAdvanceS: number;
  /** A taxi silent for longer than this (seconds) is not connected: it gets no offers. */
  connectedS: number;
  /** How far ahead (hours) the rides of a subscription are created. */
  subscriptionHorizonH: number;
  /**
   * Seconds a "prefer my taxi" order waits for its favourites before normal dispatch
   * (docs/favourite-taxis.md); counted from the first offer to a favourite.
   */
  favouriteWaitS: number;
  /** A favourite further than this many seconds' drive from the pickup is not asked. */
  favouriteNearS: number;
}

/** Defaults of `favourite_wait_s` and `favourite_near_s` (docs/decisions/0011-favourite-taxi-bounds.md). */
export const FAVOURITE_WAIT_S = 30;
export const FAVOURITE_NEAR_S = 300;

/** The section (its bounds checked with the file at load) with the defaults filled in. */
export function dispatchSettings(corporation: Corporation): DispatchSettings {
  const section = corporation.sections.dispatch ?? {};
  return {
    offerTimeoutS: section.offer_timeout_s ?? 20,
    defaultAdvanceS: section.default_advance_s ?? 900,
    connectedS: section.connected_s ?? 60,
    subscriptionHorizonH: section.subscription_horizon_h ?? 24,
    favouriteWaitS: section.favourite_wait_s ?? FAVOURITE_WAIT_S,
    favouriteNearS: section.favourite_near_s ?? FAVOURITE_NEAR_S,
  };
}
