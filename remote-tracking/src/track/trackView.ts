// Which view the Track panel shows, from the live link and the tracking record. The table in
// docs/track-views.md says the same in words.
import {
  orderViewOf,
  RATEABLE_STATES,
  TAXI_STATE_COLOURS,
  type OrderViewName,
  type TrackedTaxi,
  type TrackedOrder,
  type TrackingSnapshot,
} from '@taxi/shared';

export type TrackViewName = 'loading' | 'not_found' | OrderViewName;

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

/**
 * The view for a link's snapshot. `missing` is true when the rating API said that the short
 * id or the secret is wrong, which tells 'not found' even where the socket cannot. Which of an
 * order's views it is, @taxi/contract's orderViewOf decides (the server's page skeleton too).
 */
export function trackView(snapshot: TrackingSnapshot, missing = false): TrackView {
  const order = snapshot.order;
  if (snapshot.errored || (missing && !order)) return view('not_found');
  if (!order) return view('loading');
  const { name, counter } = orderViewOf({
    state: order.state,
    stage: order.stage,
    taxi_count: order.taxi_count,
    accepted: order.accepted_taxis.length,
    finished: order.finished_taxis.length,
    arrived: order.arrived,
  });
  // In progress (state T) the taxis and the client's location are drawn.
  const live = order.state === 'T' ? { live: true, showClient: true } : {};
  switch (name) {
    case 'created':
      return view(name, { cancellable: true });
    case 'waiting_free_taxi':
    case 'waiting_accept':
      return view(name, { ...live, cancellable: true });
    case 'arrived':
      return view(name, { ...live, taxis: order.accepted_taxis, cancellable: true });
    case 'on_the_way':
      return view(name, { ...live, taxis: order.accepted_taxis, counter, cancellable: true });
    case 'in_taxi':
      return view(name, { live: true, ...live, taxis: order.finished_taxis });
    case 'finished':
    case 'cancelled':
      return view(name, { rateable: RATEABLE_STATES.includes(order.state) });
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
