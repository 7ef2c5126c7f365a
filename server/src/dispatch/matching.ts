import type { Db } from '../db/storage.ts';
import { freeTaxisReportedSince, lastReportAt } from '../fleet/taxis.ts';
import { greatCircleMetres, type LatLng } from '../geo/geometry.ts';
import { storedForm } from '../orders/form.ts';
import { findOrder, orderStatus, ordersInProgress } from '../orders/store.ts';
import { type FallbackReason, fellBack, nearFavourites, preferredTaxis } from './favourite.ts';
import { dispatchSettings } from './settings.ts';
import { ASSIGNMENT_STATES as S } from './tables.ts';
import type { DispatcherOptions } from './options.ts';
import { type Change, logEntry, touch } from './transition.ts';

/** A taxi that turned an order down or let it lapse is asked again only after this long. */
const REOFFER_AFTER_MS = 2 * 60_000;
/** Assignments that hold a place of the order: offered, accepted, the client in or absent. */
const HOLDING: string[] = [S.SENT, S.ACCEPTED, S.PICKED_UP, S.MINE];

/** Offers nobody answered before they expired. */
export function lapsedOffers(db: Db, now: number) {
  return db
    .selectFrom('assignments')
    .select(['id', 'corporation_id'])
    .where('state', '=', S.SENT)
    .where('expires_at', '<=', now)
    .limit(500)
    .execute();
}

/** Orders in progress with fewer taxis offered or holding them than they asked for. */
export function ordersShortOfTaxis(db: Db) {
  return db
    .selectFrom(ordersInProgress(db).as('o'))
    .select(['o.id', 'o.corporation_id'])
    .where((eb) =>
      eb(
        'o.taxi_count',
        '>',
        eb
          .selectFrom('assignments as a')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('a.order_id', '=', 'o.id')
          .where('a.state', 'in', HOLDING),
      ),
    )
    .limit(500)
    .execute();
}

/** An offer nobody answered in time: T (timeout), or E when the taxi went silent meanwhile. */
export async function lapse(
  o: DispatcherOptions,
  change: Change,
  assignmentId: number,
): Promise<void> {
  const { trx, now, effects } = change;
  const offer = await trx
    .selectFrom('assignments')
    .selectAll()
    .where('id', '=', assignmentId)
    .executeTakeFirst();
  if (!offer || offer.state !== S.SENT || offer.expires_at > now) return;
  const reportedAt = await lastReportAt(trx, offer.corporation_id, offer.call_number);
  const state = reportedAt === undefined || reportedAt < offer.offered_at ? S.ERROR : S.TIMEOUT;
  await trx
    .updateTable('assignments')
    .set({ state, updated_at: now })
    .where('id', '=', offer.id)
    .execute();
  await logEntry(change, offer.order_id, 'taxi_rejected_timeout', offer.call_number, {
    assignment: state,
  });
  effects.taxis.add(offer.call_number);
  await touch(change, offer.order_id);
  await offerMore(o, change, offer.order_id);
}

/** Offers the order to as many of the nearest free taxis as it still needs. */
export async function offerMore(
  o: DispatcherOptions,
  change: Change,
  orderId: number,
): Promise<void> {
  const { trx, now, effects } = change;
  const order = await findOrder(trx, orderId);
  if (!order || order.state !== 'T') return;
  const corporation = o.corporations.byId(order.corporation_id);
  if (!corporation) return;
  const settings = dispatchSettings(corporation);
  const assignments = await trx
    .selectFrom('assignments')
    .select(['call_number', 'state', 'offered_at'])
    .where('order_id', '=', orderId)
    .execute();
  const holding = assignments.filter((a) => HOLDING.includes(a.state));
  const needed = order.taxi_count - holding.length;
  if (needed <= 0) return;
  const excluded = new Set(
    assignments
      .filter((a) => holding.includes(a) || a.offered_at > now - REOFFER_AFTER_MS)
      .map((a) => a.call_number),
  );
  const busy = await trx
    .selectFrom('assignments')
    .select('call_number')
    .where('corporation_id', '=', order.corporation_id)
    .where((eb) =>
      eb.or([
        eb('state', 'in', [S.SENT, S.ACCEPTED]),
        eb.and([eb('state', '=', S.PICKED_UP), eb('ride_ended_at', 'is', null)]),
      ]),
    )
    .execute();
  for (const { call_number } of busy) excluded.add(call_number);
  let free = (
    await freeTaxisReportedSince(trx, order.corporation_id, now - settings.connectedS * 1000)
  ).filter((taxi) => !excluded.has(taxi.call_number));
  const pickup: LatLng | null =
    order.pickup_lat !== null && order.pickup_lng !== null
      ? { lat: order.pickup_lat, lng: order.pickup_lng }
      : null;
  const distance = (taxi: LatLng) => (pickup ? greatCircleMetres(taxi, pickup) : 0);
  free.sort((a, b) => distance(a) - distance(b) || b.updated_at - a.updated_at);
  let expiresAt = now + settings.offerTimeoutS * 1000;

  // "Prefer my taxi": the passenger's favourites first, until the order falls back.
  const { selected_taxies: selected } = storedForm(order.form);
  if (selected.length > 0 && !(await fellBack(trx, orderId))) {
    const preferred = await preferredTaxis(o.hooks, trx, order.client_id, selected);
    const asked = assignments.filter((a) => preferred.includes(a.call_number));
    const askedSince = Math.min(...asked.map((a) => a.offered_at));
    const waitEnds = asked.length ? askedSince + settings.favouriteWaitS * 1000 : Infinity;
    const near =
      now < waitEnds
        ? await nearFavourites(
            o.routes,
            corporation,
            settings,
            pickup,
            free.filter((taxi) => preferred.includes(taxi.call_number)),
          )
        : [];
    const open = asked.filter((a) => a.state === S.SENT);
    if (near.length > 0) {
      free = near;
      expiresAt = Math.min(expiresAt, now + settings.favouriteWaitS * 1000, waitEnds);
    } else if (open.length > 0 && now < waitEnds) {
      // A favourite is still deciding: nobody else is asked meanwhile.
      return;
    } else {
      const reason: FallbackReason = asked.some((a) => HOLDING.includes(a.state))
        ? 'taken'
        : now >= waitEnds
          ? 'wait_over'
          : asked.length > 0
            ? 'declined'
            : 'none_free';
      await logEntry(change, orderId, 'favourite_fallback', null, { reason });
      await touch(change, orderId);
    }
  }

  for (const taxi of free.slice(0, needed)) {
    await trx
      .insertInto('assignments')
      .values({
        order_id: orderId,
        corporation_id: order.corporation_id,
        call_number: taxi.call_number,
        state: S.SENT,
        offered_at: now,
        expires_at: expiresAt,
        updated_at: now,
      })
      .execute();
    await logEntry(change, orderId, 'assign_taxi', taxi.call_number, {
      distance_m: Math.round(distance(taxi)),
    });
    effects.taxis.add(taxi.call_number);
  }
  if (free.length > 0) await touch(change, orderId);
}

/** Ends an order once no taxi is still coming: Z when a taxi has the client, else M. */
export async function settle(change: Change, orderId: number): Promise<void> {
  const { trx, now } = change;
  const order = await orderStatus(trx, orderId);
  if (order?.state !== 'T') return;
  const states = (
    await trx.selectFrom('assignments').select('state').where('order_id', '=', orderId).execute()
  ).map((a) => a.state);
  const count = (state: string) => states.filter((s) => s === state).length;
  const pickedUp = count(S.PICKED_UP);
  const absent = count(S.MINE);
  const coming = count(S.SENT) + count(S.ACCEPTED);
  if (pickedUp >= order.taxi_count || (coming === 0 && pickedUp + absent >= order.taxi_count)) {
    await cancelOffers(change, orderId);
    await touch(change, orderId, { state: pickedUp > 0 ? 'Z' : 'M', ended_at: now });
  }
}

/** Withdraws the order's open offers and acceptances (the order ended or was cancelled). */
export async function cancelOffers({ trx, now, effects }: Change, orderId: number): Promise<void> {
  const open = await trx
    .selectFrom('assignments')
    .select(['id', 'call_number'])
    .where('order_id', '=', orderId)
    .where('state', 'in', [S.SENT, S.ACCEPTED])
    .execute();
  for (const a of open) {
    await trx
      .updateTable('assignments')
      .set({ state: S.CANCELLED, updated_at: now })
      .where('id', '=', a.id)
      .execute();
    effects.taxis.add(a.call_number);
  }
}
