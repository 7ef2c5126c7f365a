import type { Corporation } from '../corporations/directory.ts';
import { ApiFailure } from '../base/errors.ts';
import { type OrderChanges, orderArrivalAndPrice } from '../orders/store.ts';
import { offerMore, settle } from './matching.ts';
import { ASSIGNMENT_STATES as S, type AssignmentState, type LogAction } from './tables.ts';
import type { DispatcherOptions } from './options.ts';
import { type Change, logEntry, touch, transition } from './transition.ts';

/** A taxi of a corporation: who calls the driver actions. */
export interface TaxiRef {
  corporation: Corporation;
  callNumber: string;
}

/** What a driver action takes besides the order: the fare, for RIDE_END. */
export interface DriverInput {
  price?: number | undefined;
}

/**
 * One step of the ride a driver reports. Each runs the same way: the taxi's assignment of the
 * order must be in `from` (else NOT_FOUND); it moves to `to` and notes the time `at`; the order
 * log gets `event`, the order `order`'s changes and a new revision; then what follows (`then`).
 */
interface DriverAction {
  from: AssignmentState;
  /** None for a step that only notes a time: done once, a repeat does nothing. */
  to?: AssignmentState;
  at?: 'answered_at' | 'arrived_at' | 'ride_ended_at' | 'picked_up_at';
  event: LogAction;
  /** Only before the offer expires (ACTION_NOT_ALLOWED after). */
  refuseExpired?: true;
  /** The step takes the fare the driver typed (`price`). */
  fare?: true;
  order?: (
    order: { arrived_at: number | null; price: number | null },
    input: DriverInput,
    now: number,
  ) => OrderChanges;
  details?: (input: DriverInput) => object;
  /** Another taxi is asked (`offer`), or the order ends when no taxi is still coming (`settle`). */
  then?: 'offer' | 'settle';
}

/** The driver API's steps of an order, by action name. */
export const DRIVER_ACTIONS = {
  OFFER_ACCEPT: {
    from: S.SENT,
    to: S.ACCEPTED,
    at: 'answered_at',
    event: 'taxi_accepted',
    refuseExpired: true,
  },
  OFFER_REJECT: {
    from: S.SENT,
    to: S.REJECTED,
    at: 'answered_at',
    event: 'taxi_rejected',
    then: 'offer',
  },
  ORDER_ARRIVED: {
    from: S.ACCEPTED,
    at: 'arrived_at',
    event: 'taxi_client_arrived',
    // The order's arrival is the first taxi's.
    order: (order, _input, now) => (order.arrived_at === null ? { arrived_at: now } : {}),
  },
  /** The client got in: assignment Z; the order Z once every taxi it asked for has the client. */
  ORDER_CLIENT_IN: {
    from: S.ACCEPTED,
    to: S.PICKED_UP,
    at: 'picked_up_at',
    event: 'taxi_client_present',
    then: 'settle',
  },
  /** The client did not come: assignment M, and the order M when no taxi has the client. */
  ORDER_CLIENT_ABSENT: {
    from: S.ACCEPTED,
    to: S.MINE,
    event: 'taxi_client_absent',
    then: 'settle',
  },
  /** The driver gives an accepted order back: it is forwarded to another taxi. */
  ORDER_DROP: { from: S.ACCEPTED, to: S.CANCELLED, event: 'taxi_forward', then: 'offer' },
  /** The ride is over at the destination; the fare (if given) adds to the order's price. */
  RIDE_END: {
    from: S.PICKED_UP,
    at: 'ride_ended_at',
    event: 'taxi_ride_end',
    fare: true,
    order: (order, { price }) =>
      price === undefined ? {} : { price: Math.round(((order.price ?? 0) + price) * 100) / 100 },
    details: ({ price }) => (price === undefined ? {} : { price }),
  },
} satisfies Record<string, DriverAction>;

export type DriverActionName = keyof typeof DRIVER_ACTIONS;

/** Runs a driver's step under the corporation's dispatch lock. */
export function runDriverAction(
  o: DispatcherOptions,
  name: DriverActionName,
  taxi: TaxiRef,
  orderId: number,
  input: DriverInput,
): Promise<void> {
  const action: DriverAction = DRIVER_ACTIONS[name];
  return transition(o, taxi.corporation.id, o.clock.now(), async (change) => {
    change.effects.taxis.add(taxi.callNumber);
    await step(o, change, action, taxi, orderId, input);
  });
}

async function step(
  o: DispatcherOptions,
  change: Change,
  action: DriverAction,
  taxi: TaxiRef,
  orderId: number,
  input: DriverInput,
): Promise<void> {
  const { trx, now } = change;
  const assignment = await trx
    .selectFrom('assignments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('corporation_id', '=', taxi.corporation.id)
    .where('call_number', '=', taxi.callNumber)
    .where('state', '=', action.from)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!assignment)
    throw new ApiFailure(
      'NOT_FOUND',
      action.from === S.SENT
        ? 'No offer of this order is waiting for this taxi'
        : 'This taxi does not have this order',
    );
  if (action.refuseExpired && assignment.expires_at <= now)
    throw new ApiFailure('ACTION_NOT_ALLOWED', 'The offer has expired');
  if (!action.to && action.at && assignment[action.at] !== null) return;
  await trx
    .updateTable('assignments')
    .set({
      ...(action.to ? { state: action.to } : {}),
      ...(action.at ? { [action.at]: now } : {}),
      updated_at: now,
    })
    .where('id', '=', assignment.id)
    .execute();
  const changes = action.order
    ? action.order(await orderArrivalAndPrice(trx, orderId), input, now)
    : {};
  await logEntry(change, orderId, action.event, taxi.callNumber, action.details?.(input) ?? {});
  await touch(change, orderId, changes);
  if (action.then === 'offer') await offerMore(o, change, orderId);
  if (action.then === 'settle') await settle(change, orderId);
}
