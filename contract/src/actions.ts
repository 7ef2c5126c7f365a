/**
 * Every action of spec section 7 and of the server's documented extensions: the request's
 * fields and the reply's fields (beside `status` and `status_mesg`, see OkStatus).
 */
import type {
  ActiveOrder,
  AddressPoint,
  ClientData,
  Feature,
  FeatureCategory,
  HistoryEntry,
  OrderState,
  Quote,
  Rating,
  Receipt,
  StreetSearchResult,
} from './entities.ts';
import type { CompanyProfile, Invoice } from './business.ts';
import type { ClientEmail } from './email.ts';
import type { Call, Nothing } from './call.ts';
import type { DriverActions } from './driver.ts';
import type { Static } from '@sinclair/typebox';
import type {
  ClientCallSchema,
  ClientRequest,
  PushSubscriptionSchema,
  RatingRequest,
  SavedPlaceInputSchema,
} from './schemas/requests.ts';

/** What every client API call may carry besides its own fields: the client token and language. */
export type ClientCall = Static<typeof ClientCallSchema>;

export interface FeatureLists {
  taxi_features: Feature[];
  taxi_feature_category_list: FeatureCategory[];
}

export interface PhoneState {
  phone: string;
  phone_secret_verified: boolean;
}

/** The `order` of ORDER_SIM and ORDER_SAVE; `taxi_group_id` comes from the settings. */
export type OrderRequest = ClientRequest<'ORDER_SIM'>;

/** The client API, GET or POST /api/2/ (server/README.md, "The client API"). */
export interface ClientActions {
  GET_AUTH_PHONE_SEND_SECRET: Call<ClientRequest<'GET_AUTH_PHONE_SEND_SECRET'>, { phone: string }>;
  GET_AUTH_PHONE: Call<ClientRequest<'GET_AUTH_PHONE'>, { auth: string } & FeatureLists>;
  GET_AUTH: Call<ClientRequest<'GET_AUTH'>, { auth: string; error: null } & FeatureLists>;
  GET_CLIENT: Call<ClientRequest<'GET_CLIENT'>, { client_data: ClientData }>;
  GET_PHONE: Call<ClientRequest<'GET_PHONE'>, PhoneState>;
  GET_PHONE_SEND_SECRET: Call<ClientRequest<'GET_PHONE_SEND_SECRET'>, { phone: string }>;
  SET_PHONE_SECRET: Call<ClientRequest<'SET_PHONE_SECRET'>, PhoneState>;
  CHANGE_PHONE_SEND_SECRET: Call<ClientRequest<'CHANGE_PHONE_SEND_SECRET'>, { phone: string }>;
  CHANGE_PHONE: Call<ClientRequest<'CHANGE_PHONE'>, PhoneState>;
  DELETE_REQUEST: Call<ClientRequest<'DELETE_REQUEST'>, Nothing>;
  LOGOUT: Call<ClientRequest<'LOGOUT'>, Nothing>;
  ORDER_SIM: Call<ClientRequest<'ORDER_SIM'>, Quote>;
  ORDER_SAVE: Call<
    ClientRequest<'ORDER_SAVE'>,
    { order_id: number; track: { order_short_id: string; secret: string | null } }
  >;
  GET_CURRENT_ORDERS: Call<ClientRequest<'GET_CURRENT_ORDERS'>, { data_list: ActiveOrder[] }>;
  GET_CLIENT_ORDER_HISTORY: Call<
    ClientRequest<'GET_CLIENT_ORDER_HISTORY'>,
    { history: HistoryEntry[] }
  >;
  IGNORE_CLIENT_ORDER_HISTORY: Call<ClientRequest<'IGNORE_CLIENT_ORDER_HISTORY'>, Nothing>;
  /** Spec: results come as `result` or `data_list`; this server sends `data_list`. */
  POI_QUERY: Call<
    ClientRequest<'POI_QUERY'>,
    { data_list: StreetSearchResult[]; result?: StreetSearchResult[] }
  >;
  GET_ADDRESS: Call<ClientRequest<'GET_ADDRESS'>, { result: AddressPoint }>;
  /** Extension (docs/saved-places.md): the passenger's saved places, Home and Work first, then by name. */
  GET_SAVED_PLACES: Call<ClientRequest<'GET_SAVED_PLACES'>, { data_list: SavedPlace[] }>;
  /** Extension: creates a place (no `place.id`) or changes one (rename, new point, new kind). */
  SAVE_PLACE: Call<ClientRequest<'SAVE_PLACE'>, { place: SavedPlace }>;
  /** Extension: deletes one of the passenger's places. */
  DELETE_PLACE: Call<ClientRequest<'DELETE_PLACE'>, Nothing>;
  /** Extension: the server's VAPID public key (base64url), null when Web Push is off. */
  GET_PUSH_KEY: Call<ClientRequest<'GET_PUSH_KEY'>, { public_key: string | null }>;
  /** Extension: the owner's browser gets the order's changes by Web Push until the ride ends. */
  PUSH_SUBSCRIBE: Call<ClientRequest<'PUSH_SUBSCRIBE'>, Nothing>;
  PUSH_UNSUBSCRIBE: Call<ClientRequest<'PUSH_UNSUBSCRIBE'>, Nothing>;
  /**
   * Extension (docs/choices.md, "Receipts"): a ride's receipt, for the holder of its secret or,
   * without `secret`, its signed-in owner; `receipt` is null until the ride is finished (Z).
   */
  GET_RECEIPT: Call<ClientRequest<'GET_RECEIPT'>, { state: OrderState; receipt: Receipt | null }>;
  /** Extension (docs/favourite-taxis.md): the passenger's favourite taxis, newest first. */
  GET_FAVOURITE_TAXIS: Call<ClientRequest<'GET_FAVOURITE_TAXIS'>, { data_list: FavouriteTaxi[] }>;
  /**
   * Extension: keeps the taxi with `call_number` that carried the passenger on their finished
   * order `order_short_id` as a favourite ("Ask for this taxi next time").
   */
  SAVE_FAVOURITE_TAXI: Call<ClientRequest<'SAVE_FAVOURITE_TAXI'>, { favourite: FavouriteTaxi }>;
  /** Extension: forgets one of the passenger's favourite taxis. */
  DELETE_FAVOURITE_TAXI: Call<ClientRequest<'DELETE_FAVOURITE_TAXI'>, Nothing>;
  /**
   * Extension (docs/invoices.md): the passenger's company profiles; `invoicing` is false when the
   * corporation issues no invoices (no profile can then be kept or ordered with).
   */
  GET_COMPANY_PROFILES: Call<
    ClientRequest<'GET_COMPANY_PROFILES'>,
    { invoicing: boolean; data_list: CompanyProfile[] }
  >;
  /** Extension: creates a company profile (no `profile.id`) or changes one. */
  SAVE_COMPANY_PROFILE: Call<ClientRequest<'SAVE_COMPANY_PROFILE'>, { profile: CompanyProfile }>;
  /** Extension: deletes one of the passenger's company profiles (issued invoices stay). */
  DELETE_COMPANY_PROFILE: Call<ClientRequest<'DELETE_COMPANY_PROFILE'>, Nothing>;
  /**
   * Extension: the VAT invoice of the signed-in owner's order, null while the ride is not
   * finished; NOT_FOUND when the order was not ordered with a company profile.
   */
  GET_INVOICE: Call<ClientRequest<'GET_INVOICE'>, { invoice: Invoice | null }>;
  /**
   * Extension (docs/receipts-by-email.md): the passenger's e-mail for receipts; `available` is
   * false when the server sends no e-mail (no SMTP relay), and then the profile offers none.
   */
  GET_EMAIL: Call<ClientRequest<'GET_EMAIL'>, { email: ClientEmail | null; available: boolean }>;
  /**
   * Extension: sets (or changes) the address, unconfirmed, and mails it a confirmation link;
   * INVALID_DATA for an address that is not one.
   */
  SET_EMAIL: Call<ClientRequest<'SET_EMAIL'>, { email: ClientEmail }>;
  /** Extension: mails the unconfirmed address a new confirmation link. */
  RESEND_EMAIL_CONFIRMATION: Call<
    ClientRequest<'RESEND_EMAIL_CONFIRMATION'>,
    { email: ClientEmail }
  >;
  /** Extension: forgets the address; no more receipts are mailed. */
  DELETE_EMAIL: Call<ClientRequest<'DELETE_EMAIL'>, Nothing>;
}

/** A browser's push subscription, as PushSubscription.toJSON() gives it (./schemas.ts). */
export type PushSubscriptionData = Static<typeof PushSubscriptionSchema>;

/** What a ride's Web Push carries (JSON) to the service worker, which shows it as it is. */
export interface RidePushMessage {
  title: string;
  body: string;
  /** The ride's Track path (trackLink), opened when the notification is tapped. */
  url: string;
  /** One notification per ride: a newer one replaces the older. */
  tag: string;
}

/** The rating API, POST /rate/api/1/, authorised by the order's short id and secret. */
export interface RatingActions {
  GET_RATE: Call<RatingRequest<'GET_RATE'>, { data: Rating }>;
  SET_RATE: Call<RatingRequest<'SET_RATE'>, Nothing>;
}

/** Each API of the server by its path, with its actions. */
export interface Apis {
  '/api/2/': ClientActions;
  '/rate/api/1/': RatingActions;
  '/driver/api/1/': DriverActions;
}

export type ApiPath = keyof Apis;
export type ClientAction = keyof ClientActions;
export type RatingAction = keyof RatingActions;
export type RequestOf<Table, Name extends keyof Table> =
  Table[Name] extends Call<infer Request, unknown> ? Request : never;
export type ReplyOf<Table, Name extends keyof Table> =
  Table[Name] extends Call<unknown, infer Reply> ? Reply : never;

/** Saved places (docs/saved-places.md): one Home and one Work at most; any number of others up to the cap. */
export type SavedPlaceKind = 'home' | 'work' | 'other';

/** A place the passenger saved, stored per account on the server. */
export interface SavedPlace {
  id: number;
  kind: SavedPlaceKind;
  /** Trimmed, PLACE_NAME_MAX at most; may be empty for Home and Work (the app names them). */
  name: string;
  /** Always with coordinates. */
  point: AddressPoint;
}

/** What SAVE_PLACE takes: without `id` a new place, with it a change of that place (./schemas.ts). */
export type SavedPlaceInput = Static<typeof SavedPlaceInputSchema>;

/** Places per account, Home and Work included. */
export const SAVED_PLACES_MAX = 20;
/** Characters of a place's name, after trimming. */
export const PLACE_NAME_MAX = 40;

/**
 * A taxi the passenger asked for again (docs/favourite-taxis.md): only its public call number and
 * car, never its driver's phone or position.
 */
export interface FavouriteTaxi {
  call_number: string;
  brand: string;
  color: string;
  vehicle_registration: string;
}

/** Favourite taxis per account. */
export const FAVOURITE_TAXIS_MAX = 3;
