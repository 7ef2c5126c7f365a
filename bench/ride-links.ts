/**
 * Shared ride links for the cold-start benchmarks: each a new passenger's ride in Monaco, inside
 * the demo extract, so that the ride's map draws the streets around it as a passenger's would.
 */
import type { RunningApp } from '../e2e/support/app.ts';
import { MOULINS_18, STADIUM } from '../e2e/support/rides.ts';
import { callApi, signInByApi } from '../e2e/support/session.ts';

/**
 * A function giving a new `/t/{o}/{p}` at each call. A passenger has one order in progress at a
 * time, and a searching order ends: each link is another passenger's ride.
 */
export function rideLinks(app: RunningApp): () => Promise<string> {
  let riders = 0;
  return async () => {
    const saved = await callApi(app, 'ORDER_SAVE', {
      auth: await signInByApi(app, `+48600778${String((riders += 1)).padStart(3, '0')}`),
      order: {
        taxi_count: 1,
        taxi_group_id: null,
        order_type: 'Z',
        poi: MOULINS_18,
        dst: STADIUM,
      },
    });
    const track = saved.track as { order_short_id: string; secret: string } | undefined;
    if (!track)
      throw new Error(`the order for the ride link was refused: ${JSON.stringify(saved)}`);
    return `/t/${track.order_short_id}/${track.secret}`;
  };
}
