/** The driver API, POST /driver/api/1/ (server/README.md, "The driver API"): JSON with `token`. */
import type { Call, Nothing } from './call.ts';
import type { AddressPoint, LatLng, OrderType, TaxiInfo } from './entities.ts';
import type { DriverRequest } from './schemas/requests.ts';

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

export interface DriverActions {
  LOGIN: Call<
    DriverRequest<'LOGIN'>,
    {
      token: string;
      taxi: TaxiInfo & { call_number: string; state: string };
      offer_timeout_s: number;
    }
  >;
  LOGOUT: Call<DriverRequest<'LOGOUT'>, Nothing>;
  TAXI_POSITION: Call<DriverRequest<'TAXI_POSITION'>, DriverWork>;
  TAXI_STATE: Call<
    DriverRequest<'TAXI_STATE'>,
    DriverWork & { taxi: { call_number: string; state: string } }
  >;
  GET_OFFERS: Call<DriverRequest<'GET_OFFERS'>, DriverWork>;
  OFFER_ACCEPT: Call<DriverRequest<'OFFER_ACCEPT'>, DriverWork>;
  OFFER_REJECT: Call<DriverRequest<'OFFER_REJECT'>, DriverWork>;
  ORDER_ARRIVED: Call<DriverRequest<'ORDER_ARRIVED'>, DriverWork>;
  ORDER_CLIENT_IN: Call<DriverRequest<'ORDER_CLIENT_IN'>, DriverWork>;
  ORDER_CLIENT_ABSENT: Call<DriverRequest<'ORDER_CLIENT_ABSENT'>, DriverWork>;
  ORDER_DROP: Call<DriverRequest<'ORDER_DROP'>, DriverWork>;
  RIDE_END: Call<DriverRequest<'RIDE_END'>, DriverWork>;
}
