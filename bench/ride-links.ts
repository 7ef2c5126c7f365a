/**
 * Shared ride links for the cold-start benchmarks: each a new passenger's ride in Monaco, inside
 * the demo extract, so that the ride's map draws the streets around it as a passenger's would.
 */
import type { RunningApp } from '@taxi/e2e/support/app';
import { MOULINS_18, ride, STADIUM } from '@taxi/e2e/support/rides';
import { signInByApi } from '@taxi/e2e/support/session';

/**
 * A function giving a new `/t/{o}/{p}` at each call. A passenger has one order in progress at a
 * time, and a searching order ends: each link is another passenger's ride.
 */
export function rideLinks(app: RunningApp): () => Promise<string> {
  let riders = 0;
  return async () => {
    const token = await signInByApi(app, `+48600778${String((riders += 1)).padStart(3, '0')}`);
    return `/t/${await ride(app, token, false, { poi: MOULINS_18, dst: STADIUM })}`;
  };
}
