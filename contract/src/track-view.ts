// Which view the Track panel shows for an order, once: the panel (remote-tracking) and the
// server's skeleton of a ride link's page decide it here. docs/track-views.md says the same in
// words.
import type { OrderState } from './entities.ts';

/** The views of an order the Track panel has a heading for. */
export type OrderViewName =
  | 'created'
  | 'waiting_free_taxi'
  | 'waiting_accept'
  | 'on_the_way'
  | 'arrived'
  | 'in_taxi'
  | 'finished'
  | 'cancelled';

/** What the view is decided by: the tracking record's state and stage and its taxis. */
export interface TrackViewFacts {
  state: OrderState;
  /** The server's name for the moment ('waiting_for_accept', 'client_in_taxi', ...). */
  stage: string | null;
  taxi_count: number;
  /** How many taxis accepted the order, and how many the passenger got into. */
  accepted: number;
  finished: number;
  /** A taxi waits at the pickup. */
  arrived: boolean;
}

export interface OrderView {
  name: OrderViewName;
  /** 'taxi on the way n/total' while fewer taxis accepted than were ordered. */
  counter: { n: number; total: number } | null;
}

/** The view of an order from its record's facts. */
export function orderViewOf(facts: TrackViewFacts): OrderView {
  const named = (name: OrderViewName): OrderView => ({ name, counter: null });
  switch (facts.state) {
    case 'U':
      return named('created');
    case 'T':
      if (facts.finished > 0) return named('in_taxi');
      // The record does not say whether a driver was offered the order; the server's stage does.
      if (facts.accepted === 0)
        return named(facts.stage === 'waiting_for_accept' ? 'waiting_accept' : 'waiting_free_taxi');
      if (facts.arrived) return named('arrived');
      return {
        name: 'on_the_way',
        counter:
          facts.accepted < facts.taxi_count ? { n: facts.accepted, total: facts.taxi_count } : null,
      };
    case 'Z':
      // Z is 'finished (customer picked up)': a server that tells the ride is still going
      // (stage client_in_taxi) gets the in-taxi view until it ends.
      return named(facts.stage === 'client_in_taxi' ? 'in_taxi' : 'finished');
    case 'A':
    case 'M':
      return named('cancelled');
  }
}
