import type { OrderState, OrderType, TaxiInfo } from '@taxi/contract';
import type { ApiErrorCode } from '../api/errors';

/** A point on the map as the tracking record carries it (pickup, destination). */
export interface TrackPoint {
  lat: number | null;
  lng: number | null;
  city?: string;
  street?: string;
  number?: string;
  poi_name?: string;
  [field: string]: unknown;
}

/**
 * Spec section 3, "Order tracking record", as the Track screen reads it: the contract's
 * TrackingRecord normalised (a field of the wrong kind becomes its empty value).
 */
export interface TrackedOrder {
  order_id: number | null;
  order_type: OrderType;
  state: OrderState;
  taxi_count: number;
  /** Call numbers of the taxis that accepted the order. */
  accepted_taxis: string[];
  /** Call numbers of the taxis the passenger got into. */
  finished_taxis: string[];
  /** The taxi waits at the pickup (the wire form may be a flag, a time or call numbers). */
  arrived: boolean;
  client_lat: number | null;
  client_lng: number | null;
  created: string | null;
  date_time: string | null;
  ended: string | null;
  dst_price: number | null;
  price: number | null;
  rate: number | null;
  /** The client's pickup point, and the destination when there is one. */
  poi: TrackPoint | null;
  dst: TrackPoint | null;
  // The fields below are not named by the spec; they are kept when a server sends them.
  /** Minutes until the nearest accepted taxi reaches the pickup. */
  eta_min: number | null;
  /** The server's name for the view ('waiting_for_taxi', 'client_in_taxi', ...). */
  stage: string | null;
  /** Grows with every change: an update older than the one held is ignored. */
  revision: number | null;
  /** Spec section 3, "Route": lines to draw (the ride's route). */
  routes: TrackRoute[];
  /**
   * What became of a "prefer my taxi" order's favourite (docs/favourite-taxis.md), as sent:
   * the lazily loaded line that shows it checks its fields.
   */
  favourite?: Record<string, unknown> | null;
}

export interface TrackRoute {
  points: { lat: number; lng: number }[];
  /** As the server names it; `ride` is a route planned when the order was saved. */
  type: string;
  color: string;
}

/** Route types that are a plan (the way the taxi is expected to take), not the way it drove. */
export const PLANNED_ROUTE_TYPES: readonly string[] = ['ride'];

/** Spec section 3, "Taxi (live)": the contract's LiveTaxi as TAXI_STATE_UPDATE reports it, normalised. */
export interface TrackedTaxi {
  call_number: string;
  id: number | string | null;
  lat: number | null;
  lng: number | null;
  state: string;
  acc: number | null;
  address: string;
  client: boolean;
  connected: boolean;
  state_zone: unknown;
  state_nav_point: unknown;
  /** Minutes until the taxi reaches the pickup, when the dispatch knows. */
  state_eta: number | null;
  alarm: boolean;
}

/** Where the live link is. */
export type TrackingStatus =
  /** Opening the socket or waiting for the LOGIN reply. */
  | 'connecting'
  /** Logged in: updates flow. */
  | 'live'
  /** Dropped; the next attempt is scheduled. */
  | 'offline'
  /** Closed on purpose (A or M, or the page left); never reopens. */
  | 'closed'
  /** LOGIN was refused; never reopens. */
  | 'errored';

export interface TrackingSnapshot {
  status: TrackingStatus;
  /** LOGIN succeeded on the current connection. */
  authenticated: boolean;
  /** LOGIN was refused: no more attempts. */
  errored: boolean;
  /** The refusal (error_data as an ApiError code). */
  errorCode: ApiErrorCode | null;
  order: TrackedOrder | null;
  taxisData: Record<string, TaxiInfo>;
  /** The order's taxis by call number, as last reported. */
  taxis: Record<string, TrackedTaxi>;
}

/** The part of the browser's WebSocket the client uses (tests give a stub). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
