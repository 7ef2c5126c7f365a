import type { OrderType } from '../model/entities';

/** Spec section 3, "Address point": a pickup or a destination. */
export interface AddressPoint {
  id: string | null;
  lat: number | null;
  lng: number | null;
  quarter: string;
  city: string;
  poi_name: string;
  street: string;
  number: string;
  district: string;
}

/** Quality of a street-search result (spec section 3). */
export type SearchQuality = 'area' | 'street' | 'house' | 'poi' | 'internal';

/** Spec section 3, "Street-search result": one answer of POI_QUERY. */
export interface StreetSearchResult {
  id: string | number;
  lat: number;
  lng: number;
  quality: SearchQuality;
  quarter?: string;
  city?: string;
  name?: string;
  street?: string;
  number?: string;
  kind?: string;
  label?: string;
}

export type Weekday =
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export const WEEKDAYS: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];

/** Spec section 3, "Order (draft and form)": what the passenger is putting together. */
export interface OrderDraft {
  id: number | null;
  order_type: OrderType;
  /** Local 'YYYY-MM-DD HH:MM:SS' of a scheduled order, else null. */
  date_time: string | null;
  /** Seconds: a scheduled pickup must be later than now plus this (shown in minutes). */
  advance: number;
  poi: AddressPoint | null;
  dst: AddressPoint | null;
  eta_min: number | null;
  taxi_count: number;
  passwd: string;
  info: string;
  phone: string;
  selected_taxies: string[];
  taxi_features_list: number[];
  gratis: boolean;
  cash_free: boolean;
  discount: boolean;
  invoice: boolean;
  /** Subscription (type R): first and last day 'YYYY-MM-DD', time and weekdays. */
  repeated_start: string | null;
  repeated_stop: string | null;
  repeated_time_hour: number | null;
  repeated_time_minute: number | null;
  repeated_monday: boolean;
  repeated_tuesday: boolean;
  repeated_wednesday: boolean;
  repeated_thursday: boolean;
  repeated_friday: boolean;
  repeated_saturday: boolean;
  repeated_sunday: boolean;
  /** One per order attempt: a retried ORDER_SAVE with it never places a second order. */
  call_uniqueid: string | null;
}

/** Spec section 3, "History entry" (the server adds the listed order fields). */
export interface HistoryEntry {
  id: number;
  date_time: string;
  poi: AddressPoint & { city: string };
  dst?: AddressPoint | null;
  order_type?: OrderType;
  state?: string;
  taxi_count?: number;
}

/** What ORDER_SIM answers (spec section 7). */
export interface Quote {
  dst_price: number | null;
  eta_min: number | null;
  dst_map_points: { lat: number; lng: number }[];
  accept_missing_taxi_eta_gt: number;
}
