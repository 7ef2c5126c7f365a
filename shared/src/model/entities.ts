/** Entities of spec section 3 that more than one part of the app reads. */
export type OrderType = 'Z' | 'T' | 'W' | 'R';
export type OrderState = 'U' | 'T' | 'Z' | 'M' | 'A';

export interface ClientData {
  phone: string;
  points: number;
  count_discount_available: number;
  discount: number;
  cash_free: boolean;
}

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

export interface TrackLink {
  order_short_id: string;
  secret: string;
}

export interface ActiveOrder {
  order_type: OrderType;
  state: OrderState;
  date_time: string | null;
  created: string;
  track: TrackLink;
}
