// Which view the Track panel shows, from the live link and the tracking record. The table in
// remote-tracking/README.md ("Track: state codes and views") says the same in words.
import {
  RATEABLE_STATES,
  TAXI_STATE_COLOURS,
  type TrackedTaxi,
  type TrackedOrder,
  type TrackingSnapshot,
} from '@taxi/shared';

export type TrackViewName =
  | 'loading'
  | 'not_found'
  | 'created'
  | 'waiting_free_taxi'
  | 'waiting_accept'
  | 'on_the_way'
  | 'arrived'
  | 'in_taxi'
  | 'finished'
  | 'cancelled';

export interface TrackView {
  name: TrackViewName;
  /** 'taxi on the way n/total' while fewer taxis accepted than were ordered. */
  counter: { n: number; total: number } | null;
  /** Call numbers of the taxis the panel describes. */
  taxis: string[];
  /** The ride is over: rating and Finish. */
  rateable: boolean;
  /** The order may still be cancelled. */
  cancellable: boolean;
  /** The order's taxis are drawn (never in U, nor once the ride is over). */
  live: boolean;
  /** The client's location is drawn (state T). */
  showClient: boolean;
}

function view(name: TrackViewName, change: Partial<TrackView> = {}): TrackView {
  return {
    name,
    counter: null,
    taxis: [],
    rateable: false,
    cancellable: false,
    live: false,
    showClient: false,
    ...change,
  };
}

/** The view of an order in progress (state T). */
function inProgress(order: TrackedOrder): TrackView {
  const live = { live: true, showClient: true };
  if (order.finished_taxis.length > 0) {
    return view('in_taxi', { ...live, taxis: order.finished_taxis });
  }
  const accepted = order.accepted_taxis;
  if (accepted.length === 0) {
    // The record does not say whether a driver was offered the order; a server's stage does.
    const offered = order.stage === 'waiting_for_accept';
    return view(offered ? 'waiting_accept' : 'waiting_free_taxi', { ...live, cancellable: true });
  }
  if (order.arrived) return view('arrived', { ...live, taxis: accepted, cancellable: true });
  const counter =
    accepted.length < order.taxi_count ? { n: accepted.length, total: order.taxi_count } : null;
  return view('on_the_way', { ...live, taxis: accepted, counter, cancellable: true });
}

/**
 * The view for a link's snapshot. `missing` is true when the rating API said that the short
 * id or the secret is wrong, which tells 'not found' even where the socket cannot.
 */
export function trackView(snapshot: TrackingSnapshot, missing = false): TrackView {
  const order = snapshot.order;
  if (snapshot.errored || (missing && !order)) return view('not_found');
  if (!order) return view('loading');
  const rateable = RATEABLE_STATES.includes(order.state);
  switch (order.state) {
    case 'U':
      return view('created', { cancellable: true });
    case 'T':
      return inProgress(order);
    case 'Z':
      // Z is 'finished (customer picked up)': a server that tells the ride is still going
      // (stage client_in_taxi) gets the in-taxi view until it ends.
      return order.stage === 'client_in_taxi'
        ? view('in_taxi', { live: true, taxis: order.finished_taxis })
        : view('finished', { rateable });
    case 'A':
    case 'M':
      return view('cancelled', { rateable });
  }
}

/** The taxis drawn on the map: the order's, with a position and a state that has an icon. */
export function visibleTaxis(
  order: TrackedOrder | null,
  taxis: Record<string, TrackedTaxi>,
  current: TrackView,
): TrackedTaxi[] {
  if (!order || !current.live) return [];
  const ours = new Set([...order.accepted_taxis, ...order.finished_taxis]);
  return Object.values(taxis).filter(
    (taxi) =>
      ours.has(taxi.call_number) &&
      taxi.lat !== null &&
      taxi.lng !== null &&
      TAXI_STATE_COLOURS[taxi.state] !== undefined,
  );
}
