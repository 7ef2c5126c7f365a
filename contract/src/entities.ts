/** Entities of spec section 3 as they travel on the wire. */
import type { Static } from '@sinclair/typebox';
import type { Weekday } from './constants.ts';
import type {
  AddressPointSchema,
  OrderPayloadSchema,
  TrackLinkSchema,
} from './schemas/requests.ts';

/** Z regular (immediate), T scheduled, W calculated, R subscription. */
export const ORDER_TYPES = ['Z', 'T', 'W', 'R'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** "A taxi now": one such order at a time per client (IN_PROGRESS). */
export const IMMEDIATE_ORDER_TYPE: OrderType = 'Z';

/** U created/future, T in progress, Z finished, M no-show, A cancelled (spec section 4). */
export const ORDER_STATES = ['U', 'T', 'Z', 'M', 'A'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** A ride can be rated once it is over: cancelled, no-show or finished. */
export const RATEABLE_STATES: readonly OrderState[] = ['A', 'M', 'Z'];

/** W free, Z busy, K course to, D drive to, O order, P break, F end work, B blocked. */
export const TAXI_STATES = ['W', 'Z', 'K', 'D', 'O', 'P', 'F', 'B'] as const;
export type TaxiState = (typeof TAXI_STATES)[number];

export interface LatLng {
  lat: number;
  lng: number;
}

/** Spec section 3, "Address point": a pickup or a destination (its schema: ./schemas.ts). */
export type AddressPoint = Static<typeof AddressPointSchema>;

/** An address point with (optionally) coordinates and nothing else known yet. */
export function emptyAddressPoint(
  lat: number | null = null,
  lng: number | null = null,
): AddressPoint {
  return {
    id: null,
    lat,
    lng,
    quarter: '',
    city: '',
    poi_name: '',
    street: '',
    number: '',
    district: '',
  };
}

/** Quality of a street-search result. */
export type SearchQuality = 'area' | 'street' | 'house' | 'poi' | 'internal';

/** Spec section 3, "Street-search result": one answer of POI_QUERY. */
export interface StreetSearchResult {
  id: string;
  lat: number;
  lng: number;
  quality: SearchQuality;
  quarter: string;
  city: string;
  name: string;
  street: string;
  number: string;
  kind: string;
  label: string;
}

/** Spec section 3, "Feature"; names may be given per language. */
export interface Feature {
  id: number;
  name: string;
  category_id: number;
  surcharge_enabled: boolean;
  surcharge_t1: number;
  surcharge_t2: number;
}

export interface FeatureCategory {
  id: number;
  name: string;
}

/** Spec section 3, "Client data". */
export interface ClientData {
  phone: string;
  points: number;
  count_discount_available: number;
  discount: number;
  cash_free: boolean;
}

/** What opens an order's tracking and rating: `/t/{order_short_id}/{secret}` (./schemas.ts). */
export type TrackLink = Static<typeof TrackLinkSchema>;

/** The repeated_* fields of a subscription order (type R). */
export type RepeatedDays = { [Day in Weekday as `repeated_${Day}`]: boolean };

/** Spec section 3, "Order (draft and form)": the `order` of ORDER_SIM and ORDER_SAVE (./schemas.ts). */
export type OrderPayload = Static<typeof OrderPayloadSchema>;

/** An active order of GET_CURRENT_ORDERS. */
export interface ActiveOrder {
  order_id: number;
  order_type: OrderType;
  state: OrderState;
  /** Local 'YYYY-MM-DD HH:MM:SS' of a timed order, else null. */
  date_time: string | null;
  created: string;
  taxi_count: number;
  poi: AddressPoint;
  dst: AddressPoint | null;
  /** The secret is null for an order whose secret can no longer be derived. */
  track: { order_short_id: string; secret: string | null };
}

/** Spec section 3, "History entry": a finished order of GET_CLIENT_ORDER_HISTORY. */
export interface HistoryEntry extends ActiveOrder {
  id: number;
  date_time: string;
  /** Extension (docs/invoices.md): the number of the ride's VAT invoice once it is issued. */
  invoice_number?: string | null;
}

/** One taxi of a receipt: the car that carried the passenger. */
export interface ReceiptTaxi {
  call_number: string;
  brand: string;
  color: string;
  vehicle_registration: string;
}

/**
 * A fare's parts as the corporation's tariff computes them for the ride's road route
 * (server/src/quotes/tariff.ts): one taxi's fare (start, distance, time, at least the minimum)
 * plus the chosen features' surcharges, times the taxis.
 */
export interface ReceiptFare {
  /** T1 by day, T2 at night (and on Sundays when the tariff says so), at the pickup time. */
  tariff: 't1' | 't2';
  start_fee: number;
  distance_km: number;
  per_km: number;
  distance_charge: number;
  duration_min: number;
  per_minute: number;
  time_charge: number;
  minimum_price: number;
  /** What the minimum price adds to a shorter ride; 0 when the ride costs more. */
  minimum_top_up: number;
  surcharges: { name: string; amount: number }[];
  taxi_count: number;
  /** (fare + surcharges) × taxis, to the grosz. */
  tariff_price: number;
  /** The final price less tariff_price: what the driver's fare differs by (0 when it does not). */
  adjustment: number;
}

/** Extension (GET_RECEIPT, docs/choices.md "Receipts"): a finished ride's receipt. */
export interface Receipt {
  order_short_id: string;
  /** Local 'YYYY-MM-DD HH:MM:SS' of the corporation. */
  created: string;
  picked_up: string | null;
  ended: string | null;
  poi: AddressPoint;
  dst: AddressPoint | null;
  /** The ride's road route in metres; null without a destination. */
  distance_m: number | null;
  /** The server's final price (the tracking record's `price`); null when no fare was recorded. */
  price: number | null;
  /** null without a tariff, a destination or a final price. */
  fare: ReceiptFare | null;
  cash_free: boolean;
  taxis: ReceiptTaxi[];
}

/** Spec section 3, "Route": a line to draw; `ride` is the route planned when the order was saved. */
export interface Route {
  points: LatLng[];
  type: 'ride';
  color: string;
}

/** What the passenger's tracking view shows; the track texts of spec section 4, one per stage. */
export type Stage =
  | 'created'
  | 'waiting_for_taxi'
  | 'waiting_for_accept'
  | 'taxi_on_the_way'
  | 'taxi_arrived'
  | 'client_in_taxi'
  | 'finished'
  | 'no_show'
  | 'cancelled';

/** Spec section 3, "Order tracking record", as ORDER_UPDATE carries it. */
export interface TrackingRecord {
  order_id: number;
  order_short_id: string;
  order_type: OrderType;
  state: OrderState;
  stage: Stage;
  /** Local 'YYYY-MM-DD HH:MM:SS' times of the corporation, or null. */
  created: string;
  date_time: string | null;
  arrived: string | null;
  ended: string | null;
  taxi_count: number;
  /** Call numbers of the taxis that accepted (including those that picked the client up). */
  accepted_taxis: string[];
  /** Call numbers of the taxis the client is in. */
  finished_taxis: string[];
  /** The client pickup point. */
  client_lat: number | null;
  client_lng: number | null;
  poi: AddressPoint;
  dst: AddressPoint | null;
  dst_price: number | null;
  price: number | null;
  surcharge: number;
  rate: number | null;
  /** Minutes until the nearest accepted taxi reaches the pickup, when one is on its way. */
  eta_min: number | null;
  eta: string | null;
  routes: Route[];
  info: string;
  /** Grows with every change; a viewer ignores an update older than the one it has. */
  revision: number;
  /**
   * Extension (docs/favourite-taxis.md): what became of a "prefer my taxi" order's favourite;
   * null for other orders and while the favourite is still being asked.
   */
  favourite?: FavouriteOutcome | null;
}

/**
 * `coming`: the favourite `call_number` accepted the order; `not_free`: no favourite was free
 * and near, or none took it in time, so the order went to normal dispatch.
 */
export type FavouriteOutcome =
  { outcome: 'coming'; call_number: string } | { outcome: 'not_free'; call_number: null };

/** Spec section 3, "Order tracking record": taxis_data entry of one call number. */
export interface TaxiInfo {
  color: string;
  brand: string;
  vehicle_registration: string;
}

/** Spec section 3, "Taxi (live)", as TAXI_STATE_UPDATE carries it. */
export interface LiveTaxi {
  id: string;
  call_number: string;
  lat: number;
  lng: number;
  acc: number | null;
  /** The street (and number) the taxi is at, when the corporation has an extract. */
  address: string;
  /** true while the taxi carries the viewer's client. */
  client: boolean;
  connected: boolean;
  /** One of TAXI_STATES. */
  state: string;
  /** Id of the corporation zone the taxi is in, or null. */
  state_zone: number | string | null;
  /** Id of the nearest navigation point, or null. */
  state_nav_point: number | string | null;
  /** Minutes to the viewer's pickup while on its way, else null. */
  state_eta: number | null;
  alarm: boolean;
  /** Epoch milliseconds of the report. */
  at: number;
}

/** What ORDER_SIM answers (spec section 7). */
export interface Quote {
  dst_price: number | null;
  eta_min: number | null;
  dst_map_points: LatLng[];
  accept_missing_taxi_eta_gt: number;
}

/** Spec section 3, "Rating". */
export interface Rating {
  rate: number | null;
  comment: string | null;
}
