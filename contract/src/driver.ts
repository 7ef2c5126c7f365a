/** The driver API, POST /driver/api/1/ (server/README.md, "The driver API"): JSON with `token`. */
import type { Call, Nothing } from './call.ts';
import type { AddressPoint, LatLng, OrderType, TaxiInfo } from './entities.ts';

/** An order as a taxi sees it; `passwd` and `phone` are null until the taxi has taken it. */
export interface DriverOrder {
  order_id: number;
  order_short_id: string;
  order_type: OrderType;
  date_time: string | null;
  poi: AddressPoint;
  dst: AddressPoint | null;
  pickup: LatLng | null;
  info: string;
  taxi_count: number;
  taxi_features_list: number[];
  cash_free: boolean;
  dst_price: number | null;
  route: LatLng[];
  passwd: string | null;
  phone: string | null;
}

/** An offer waiting for the taxi's answer. */
export interface DriverOffer {
  order_id: number;
  offered_at: string;
  expires_in_s: number;
  order: DriverOrder;
}

/** An order the taxi accepted (P) or carries the client of (Z), until RIDE_END. */
export interface DriverRide {
  order_id: number;
  /** P accepted, Z with the client on board. */
  assignment_state: string;
  arrived: boolean;
  order: DriverOrder;
}

/** The taxi's work: most driver actions answer with it. */
export interface DriverWork {
  offers: DriverOffer[];
  orders: DriverRide[];
}

/** What every driver call but LOGIN carries. */
export interface DriverCall {
  token?: string;
}

type OrderStep = Call<{ order_id: number }, DriverWork>;

export interface DriverActions {
  LOGIN: Call<
    { call_number: string; password: string },
    {
      token: string;
      taxi: TaxiInfo & { call_number: string; state: string };
      offer_timeout_s: number;
    }
  >;
  LOGOUT: Call<Nothing, Nothing>;
  TAXI_POSITION: Call<LatLng & { acc?: number; state?: string }, DriverWork>;
  TAXI_STATE: Call<
    { state: string },
    DriverWork & { taxi: { call_number: string; state: string } }
  >;
  GET_OFFERS: Call<{ wait?: number }, DriverWork>;
  OFFER_ACCEPT: OrderStep;
  OFFER_REJECT: OrderStep;
  ORDER_ARRIVED: OrderStep;
  ORDER_CLIENT_IN: OrderStep;
  ORDER_CLIENT_ABSENT: OrderStep;
  ORDER_DROP: OrderStep;
  RIDE_END: Call<{ order_id: number; price?: number }, DriverWork>;
}
