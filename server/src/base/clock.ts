/** Time source, injected so that tests can move time (code expiry, scheduled orders). */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
