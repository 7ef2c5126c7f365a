/**
 * Shared ride links for the cold-start benchmarks: each a new passenger's ride in Monaco, inside
 * the demo extract, so that the ride's map draws the streets around it as a passenger's would.
 */
import type { RunningApp } from '../e2e/support/app.ts';
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
        poi: {
          street: 'Boulevard des Moulins',
          number: '18',
          city: 'Monaco',
          lat: 43.7426281,
          lng: 7.4281116,
        },
        dst: { poi_name: 'Stade Louis-II', city: 'Fontvieille', lat: 43.7275079, lng: 7.4155336 },
      },
    });
    const track = saved.track as { order_short_id: string; secret: string } | undefined;
    if (!track)
      throw new Error(`the order for the ride link was refused: ${JSON.stringify(saved)}`);
    return `/t/${track.order_short_id}/${track.secret}`;
  };
}
