// "Prefer my taxi" (docs/favourite-taxis.md): an order whose `selected_taxies` name favourites of
// its passenger is offered to those first, while one is free and near, and goes to normal
// dispatch when none is, when none accepts, or after `favourite_wait_s`.
import type { FavouriteOutcome } from '@taxi/contract';
import type { Corporation } from '../corporations/directory.ts';
import type { Db } from '../db/storage.ts';
import type { LatLng } from '../geo/geometry.ts';
import type { RouteEstimator } from '../geo/routing.ts';
import type { DispatchHooks } from './options.ts';
import type { DispatchSettings } from './settings.ts';
import type { Trx } from './options.ts';

type Reader = Db | Trx;

/**
 * Why an order left its favourites: none free and near, the last one said no or let it lapse,
 * the wait ran out, or a favourite took its place and the order's other taxis are still to find.
 */
export type FallbackReason = 'none_free' | 'declined' | 'wait_over' | 'taken';

/** The order's selected taxis that are favourites of its passenger, in the order chosen. */
export async function preferredTaxis(
  hooks: DispatchHooks,
  db: Reader,
  clientId: number,
  selected: string[],
): Promise<string[]> {
  if (selected.length === 0) return [];
  const favourites = new Set(await hooks.favouriteCallNumbers(db, clientId));
  return selected.filter((call) => favourites.has(call));
}

/** Whether the order already went to normal dispatch. */
export async function fellBack(db: Reader, orderId: number): Promise<boolean> {
  const entry = await db
    .selectFrom('order_log')
    .select('id')
    .where('order_id', '=', orderId)
    .where('action', '=', 'favourite_fallback')
    .executeTakeFirst();
  return entry !== undefined;
}

/** The free favourites within `favouriteNearS` of the pickup by the road estimate, nearest first. */
export async function nearFavourites<Taxi extends LatLng & { call_number: string }>(
  routes: RouteEstimator,
  corporation: Corporation,
  settings: DispatchSettings,
  pickup: LatLng | null,
  free: Taxi[],
): Promise<Taxi[]> {
  // Without a located pickup nearness cannot be told: no favourite is asked.
  if (!pickup) return [];
  const timed: { taxi: Taxi; durationS: number }[] = [];
  for (const taxi of free) {
    const route = await routes.estimate(corporation, taxi, pickup).catch(() => null);
    if (route && route.durationS <= settings.favouriteNearS)
      timed.push({ taxi, durationS: route.durationS });
  }
  return timed.sort((a, b) => a.durationS - b.durationS).map((t) => t.taxi);
}

/**
 * What Track says of a "prefer my taxi" order: a favourite coming, or the order gone to normal
 * dispatch; null for other orders and while favourites are still asked.
 */
export async function favouriteOutcome(
  db: Reader,
  orderId: number,
  selected: string[],
  accepted: string[],
): Promise<FavouriteOutcome | null> {
  if (selected.length === 0) return null;
  const coming = accepted.find((call) => selected.includes(call));
  if (coming) return { outcome: 'coming', call_number: coming };
  return (await fellBack(db, orderId)) ? { outcome: 'not_free', call_number: null } : null;
}
