/**
 * Runtime schemas of the actions' requests (TypeBox): the request types of ../actions.ts and
 * ../driver.ts are inferred from them, and the server checks every call against its action's
 * schema when the handler reads it (server/src/base/check.ts). A module of its own, imported by
 * the screens as types only, so that no schema code reaches a first screen.
 *
 * What a schema says beside JSON Schema, read by the server's check:
 * - `default`: the value an absent field takes (also `null`, `""` and `"null"`, which GET sends
 *   for a value that is not there);
 * - `expected`: what an ARG_ERROR names as expected, for a choice of texts;
 * - `outOfRange`: a text outside the choice is INVALID_DATA (a well-formed value out of bounds)
 *   rather than ARG_ERROR;
 * - `textOnly`: a number is not taken for its text.
 */
import {
  type Static,
  type TLiteral,
  type TProperties,
  type TSchema,
  Type,
  type TUnion,
} from '@sinclair/typebox';
import { COMPANY_ADDRESS_MAX, COMPANY_NAME_MAX } from '../business.ts';
import {
  RATING_MAX,
  RATING_MIN,
  RIDER_NAME_MAX,
  TAXI_COUNT_MAX,
  TAXI_COUNT_MIN,
} from '../constants.ts';
import { EMAIL_MAX } from '../email.ts';
import { ORDER_TYPES, TAXI_STATES } from '../entities.ts';

/** One of these texts. */
function oneOf<const Values extends readonly string[]>(
  values: Values,
  options: { expected: string; outOfRange?: boolean; default?: Values[number] },
): TUnion<TLiteral<Values[number]>[]> {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  );
}

/** The value or null; absent is null. */
function orNull<Schema extends TSchema>(schema: Schema) {
  return Type.Union([schema, Type.Null()], { default: null });
}

const text = (maxLength: number, defaultText?: string) =>
  Type.String(defaultText === undefined ? { maxLength } : { maxLength, default: defaultText });
/** A row id: a whole number from 1. */
const id = () => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const flag = () => Type.Boolean({ default: false });

/** What every client API call may carry besides its own fields: the client token and language. */
const CLIENT_CALL = {
  auth: Type.Optional(text(200)),
  /** The client token under its older name. */
  token: Type.Optional(text(200)),
  lang: Type.Optional(Type.String()),
} satisfies TProperties;

export const ClientCallSchema = Type.Object(CLIENT_CALL);

/** A client API action's request: its own fields and the common ones. */
const clientCall = <Fields extends TProperties>(fields: Fields) =>
  Type.Object({ ...fields, ...CLIENT_CALL });

/** Spec section 3, "Address point": a pickup or a destination. */
export const AddressPointSchema = Type.Object({
  id: orNull(text(100)),
  /** Both coordinates or neither (checked in code). */
  lat: orNull(Type.Number({ minimum: -90, maximum: 90 })),
  lng: orNull(Type.Number({ minimum: -180, maximum: 180 })),
  quarter: text(200, ''),
  city: text(200, ''),
  poi_name: text(200, ''),
  street: text(200, ''),
  number: text(200, ''),
  district: text(200, ''),
});

/** Spec section 3, "Order (draft and form)": the `order` of ORDER_SIM and ORDER_SAVE. */
export const OrderPayloadSchema = Type.Object({
  /** The order being edited, else null. */
  id: orNull(id()),
  order_type: oneOf(ORDER_TYPES, { expected: 'Z, T, W or R', outOfRange: true, default: 'Z' }),
  /** Local 'YYYY-MM-DD HH:MM:SS' of a scheduled order, else null. */
  date_time: orNull(text(40)),
  /** Seconds: a scheduled pickup must be later than now plus this. */
  advance: Type.Integer({ minimum: 0, maximum: 24 * 60 * 60, default: 0 }),
  poi: orNull(AddressPointSchema),
  dst: orNull(AddressPointSchema),
  taxi_count: Type.Integer({
    minimum: TAXI_COUNT_MIN,
    maximum: TAXI_COUNT_MAX,
    default: TAXI_COUNT_MIN,
  }),
  passwd: text(50, ''),
  info: text(500, ''),
  /** The rider's mobile number when the ride is for someone else (texted the tracking link). */
  phone: text(40, ''),
  /** Extension: the rider's name, with `phone`. */
  rider_name: Type.Optional(text(RIDER_NAME_MAX)),
  selected_taxies: Type.Array(text(20), { maxItems: TAXI_COUNT_MAX, default: [] }),
  taxi_features_list: Type.Array(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), {
    maxItems: 50,
    default: [],
  }),
  taxi_group_id: orNull(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  gratis: flag(),
  cash_free: flag(),
  discount: flag(),
  invoice: flag(),
  /**
   * Extension (docs/invoices.md): the company profile the ride's VAT invoice is made out to;
   * needs `invoice`.
   */
  company_profile_id: Type.Optional(orNull(id())),
  /** Subscription (type R): first and last day 'YYYY-MM-DD', time and weekdays. */
  repeated_start: orNull(text(40)),
  repeated_stop: orNull(text(40)),
  repeated_time_hour: orNull(Type.Integer({ minimum: 0, maximum: 23 })),
  repeated_time_minute: orNull(Type.Integer({ minimum: 0, maximum: 59 })),
  repeated_monday: flag(),
  repeated_tuesday: flag(),
  repeated_wednesday: flag(),
  repeated_thursday: flag(),
  repeated_friday: flag(),
  repeated_saturday: flag(),
  repeated_sunday: flag(),
  /** One per order attempt: a retried ORDER_SAVE with it never places a second order. */
  call_uniqueid: orNull(text(100)),
});

/** The `order` of ORDER_SIM and ORDER_SAVE; `taxi_group_id` comes from the settings. */
const orderRequest = () =>
  clientCall({
    order: OrderPayloadSchema,
    taxi_group_id: orNull(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  });

/** What SAVE_PLACE takes: without `id` a new place, with it a change of that place. */
export const SavedPlaceInputSchema = Type.Object({
  id: Type.Optional(orNull(id())),
  kind: oneOf(['home', 'work', 'other'] as const, {
    expected: 'home, work or other',
    default: 'other',
  }),
  /** Trimmed, PLACE_NAME_MAX at most (checked in code); may be empty for Home and Work. */
  name: Type.String({ textOnly: true, default: '' }),
  /** With coordinates (checked in code). */
  point: AddressPointSchema,
});

/** What SAVE_COMPANY_PROFILE takes: without `id` a new profile, with it a change of that one. */
export const CompanyProfileInputSchema = Type.Object({
  id: Type.Optional(orNull(id())),
  name: text(COMPANY_NAME_MAX),
  /** Street, number, postcode and town, as the invoice prints it. */
  address: text(COMPANY_ADDRESS_MAX),
  /** Polish tax number: 10 digits (spaces and hyphens are taken out; checked in code). */
  nip: text(20),
  email: text(EMAIL_MAX),
});

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export const PushSubscriptionSchema = Type.Object({
  endpoint: text(1000),
  keys: Type.Object({ p256dh: Type.String(), auth: Type.String() }),
});

/** A ride's short id, as its link and the apps carry it. */
const shortId = () => text(20);
/** A phone number as typed: the server brings it to E.164. */
const phone = () => text(40);
/** A code texted to the phone. */
const secret = () => text(20);

/** An action without parameters of its own. */
const nothing = () => clientCall({});

/** The client API's requests (GET or POST /api/2/), by action. */
export const CLIENT_REQUESTS = {
  GET_AUTH_PHONE_SEND_SECRET: clientCall({ phone: phone(), gdpr: flag() }),
  GET_AUTH_PHONE: clientCall({ phone: phone(), secret: secret() }),
  GET_AUTH: nothing(),
  GET_CLIENT: nothing(),
  GET_PHONE: nothing(),
  GET_PHONE_SEND_SECRET: nothing(),
  SET_PHONE_SECRET: clientCall({ secret: secret() }),
  CHANGE_PHONE_SEND_SECRET: clientCall({ phone: phone() }),
  CHANGE_PHONE: clientCall({ phone: phone(), secret: secret() }),
  DELETE_REQUEST: clientCall({
    subject: Type.Optional(text(200)),
    info: Type.Optional(text(2000)),
  }),
  LOGOUT: nothing(),
  ORDER_SIM: orderRequest(),
  ORDER_SAVE: orderRequest(),
  GET_CURRENT_ORDERS: nothing(),
  GET_CLIENT_ORDER_HISTORY: clientCall({
    taxi_group_id: orNull(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  }),
  IGNORE_CLIENT_ORDER_HISTORY: clientCall({ order_id: id() }),
  GET_SAVED_PLACES: nothing(),
  SAVE_PLACE: clientCall({ place: SavedPlaceInputSchema }),
  DELETE_PLACE: clientCall({ place_id: id() }),
  POI_QUERY: clientCall({
    query: text(200),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  }),
  GET_ADDRESS: clientCall({
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
  }),
  GET_PUSH_KEY: nothing(),
  PUSH_SUBSCRIBE: clientCall({ order_short_id: shortId(), subscription: PushSubscriptionSchema }),
  PUSH_UNSUBSCRIBE: clientCall({ order_short_id: shortId(), endpoint: text(1000) }),
  GET_RECEIPT: clientCall({ order_short_id: shortId(), secret: Type.Optional(text(100)) }),
  GET_FAVOURITE_TAXIS: nothing(),
  SAVE_FAVOURITE_TAXI: clientCall({ order_short_id: shortId(), call_number: text(20) }),
  DELETE_FAVOURITE_TAXI: clientCall({ call_number: text(20) }),
  GET_COMPANY_PROFILES: nothing(),
  SAVE_COMPANY_PROFILE: clientCall({ profile: CompanyProfileInputSchema }),
  DELETE_COMPANY_PROFILE: clientCall({ profile_id: id() }),
  GET_INVOICE: clientCall({ order_short_id: shortId() }),
  GET_EMAIL: nothing(),
  /** Trimmed, then checked as an address in code. */
  SET_EMAIL: clientCall({ email: text(EMAIL_MAX + 20) }),
  RESEND_EMAIL_CONFIRMATION: nothing(),
  DELETE_EMAIL: nothing(),
};

export type ClientRequests = typeof CLIENT_REQUESTS;
/** The request of a client API action, as its schema has it (the common fields left out). */
export type ClientRequest<Name extends keyof ClientRequests> = Omit<
  Static<ClientRequests[Name]>,
  keyof typeof CLIENT_CALL
>;

/** What opens an order's tracking and rating: `/t/{order_short_id}/{secret}`. */
export const TrackLinkSchema = Type.Object({ order_short_id: shortId(), secret: text(100) });

/** The rating API's requests (POST /rate/api/1/), authorised by the order's short id and secret. */
export const RATING_REQUESTS = {
  GET_RATE: Type.Object({ ...TrackLinkSchema.properties, lang: CLIENT_CALL.lang }),
  SET_RATE: Type.Object({
    ...TrackLinkSchema.properties,
    lang: CLIENT_CALL.lang,
    data: Type.Object({
      rate: Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX }),
      comment: Type.Optional(text(1000)),
    }),
  }),
};

export type RatingRequests = typeof RATING_REQUESTS;
/** The request of a rating API action, as its schema has it (the language left out). */
export type RatingRequest<Name extends keyof RatingRequests> = Omit<
  Static<RatingRequests[Name]>,
  'lang'
>;

/**
 * The account-deletion notice of non-legal corporations (POST /report/account-deletion/, JSON);
 * its `source` is not trusted, so not read.
 */
export const DeletionNoticeSchema = Type.Object({
  phone: phone(),
  subject: Type.Optional(text(200)),
  info: Type.Optional(text(2000)),
});

/** The order a driver's step is about. */
const orderStep = () => Type.Object({ order_id: id() });
/** A taxi's state, as the driver app sets it. */
const taxiState = () =>
  oneOf(TAXI_STATES, { expected: `one of ${TAXI_STATES.join(', ')}`, outOfRange: true });

/**
 * The driver API's requests (POST /driver/api/1/); the taxi's `token` beside them is read by the
 * transport, as a client's `auth`.
 */
export const DRIVER_REQUESTS = {
  LOGIN: Type.Object({ call_number: text(20), password: text(200) }),
  LOGOUT: Type.Object({}),
  TAXI_POSITION: Type.Object({
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
    acc: Type.Optional(Type.Number()),
    state: Type.Optional(taxiState()),
  }),
  TAXI_STATE: Type.Object({ state: taxiState() }),
  /** Seconds to wait for news (the server waits 25 at most). */
  GET_OFFERS: Type.Object({ wait: Type.Optional(Type.Number()) }),
  OFFER_ACCEPT: orderStep(),
  OFFER_REJECT: orderStep(),
  ORDER_ARRIVED: orderStep(),
  ORDER_CLIENT_IN: orderStep(),
  ORDER_CLIENT_ABSENT: orderStep(),
  ORDER_DROP: orderStep(),
  /** The fare the driver typed, when it differs from the tariff's. */
  RIDE_END: Type.Object({
    order_id: id(),
    price: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
  }),
};

export type DriverRequests = typeof DRIVER_REQUESTS;
export type DriverRequest<Name extends keyof DriverRequests> = Static<DriverRequests[Name]>;
