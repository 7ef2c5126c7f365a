// A corporation file (docs/configuration.md, "A corporation") as one runtime schema: the server
// checks each file whole when it loads it, so an operator's typo is refused naming the field
// instead of a setting silently dropped. Every object is closed (no unknown fields). What a
// schema cannot say (a valid IANA zone, a NIP's checksum) the server checks after it.
// A schema's `expected` says in words what a field takes, for the error that names it.
import { Type, type Static } from '@sinclair/typebox';
import { FileSettingsSchema } from './settings.ts';

/** The remotes the host loads at run time, and every part a file points at a release of. */
export const REMOTE_PARTS = ['ordering', 'tracking', 'account', 'legal'] as const;
export const RELEASE_PARTS = ['host', ...REMOTE_PARTS] as const;

/**
 * The pointer of a part its corporation does not pin, under UNPINNED_RELEASES=newest (development
 * only): the highest published version. Not a version, channel or URL, so never written in a file.
 */
export const NEWEST = '(newest)';

const closed = { additionalProperties: false } as const;

/** A version, a channel name or a URL: any text but NEWEST. */
const Target = Type.String({
  pattern: '^(?!\\(newest\\)$)',
  expected: 'a version, a channel name or a URL',
});

export const CanarySchema = Type.Object(
  { use: Target, percent: Type.Number({ minimum: 0, maximum: 100 }) },
  closed,
);

/**
 * A part's release: `use`; `fallback`, for a release the host cannot run; `canary`, the release a
 * share of the passengers (percent, 0–100) gets instead of `use`.
 */
export const PointerObjectSchema = Type.Object(
  { use: Target, fallback: Type.Optional(Target), canary: Type.Optional(CanarySchema) },
  closed,
);

/** Written as "1.2.0" or {"use": "1.2.0", "fallback": "1.1.0"}. */
export const PointerSchema = Type.Union([Target, PointerObjectSchema], {
  expected: 'a version, channel or URL, or {use, fallback, canary: {use, percent}}',
});

export const ReleasesSchema = Type.Partial(
  Type.Object(
    Object.fromEntries(RELEASE_PARTS.map((part) => [part, PointerSchema])) as {
      [part in (typeof RELEASE_PARTS)[number]]: typeof PointerSchema;
    },
  ),
  closed,
);

/** A name as a string, or by language: {"pl": "Pojazd", "en": "Vehicle"}. */
const Name = Type.Union([Type.String(), Type.Record(Type.String(), Type.String())], {
  expected: 'a name, or names by language such as {"pl": …, "en": …}',
});

const Amount = Type.Number({ minimum: 0 });

export const FeatureCategorySchema = Type.Object({ id: Type.Integer(), name: Name }, closed);

export const FeatureSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Name,
    category_id: Type.Optional(Type.Integer()),
    surcharge_enabled: Type.Optional(Type.Boolean()),
    surcharge_t1: Type.Optional(Amount),
    surcharge_t2: Type.Optional(Amount),
  },
  closed,
);

const Hour = Type.Integer({ minimum: 0, maximum: 24 });

/** T1 by day, T2 at night (and on Sundays when so set); the readers' defaults fill the rest. */
export const TariffSchema = Type.Object(
  {
    start_fee: Type.Optional(Amount),
    per_km: Type.Optional(
      Type.Object({ t1: Type.Optional(Amount), t2: Type.Optional(Amount) }, closed),
    ),
    per_minute: Type.Optional(Amount),
    minimum_price: Type.Optional(Amount),
    t2_hours: Type.Optional(
      Type.Object({ from: Type.Optional(Hour), to: Type.Optional(Hour) }, closed),
    ),
    t2_on_sundays: Type.Optional(Type.Boolean()),
  },
  closed,
);

const Positive = Type.Number({ exclusiveMinimum: 0 });

/** The great-circle estimate of a route: straight line × detour factor, at an average speed. */
export const RoutingSchema = Type.Object(
  { detour_factor: Type.Optional(Positive), speed_kmh: Type.Optional(Positive) },
  closed,
);

export const SmsSchema = Type.Object(
  {
    countries: Type.Optional(
      Type.Array(
        Type.String({ pattern: '^[A-Z]{2}$', expected: 'an ISO country code such as PL' }),
      ),
    ),
  },
  closed,
);

const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

const engine = (names: [string, string]) =>
  Type.Object(
    {
      engine: Type.Union(
        names.map((name) => Type.Literal(name)),
        { expected: names.join(' or ') },
      ),
      url: Type.String({ minLength: 1 }),
      /** Milliseconds. */
      timeout: Type.Optional(Positive),
      /** OSRM profile (driving) or Valhalla costing (auto). */
      profile: Type.Optional(Type.String()),
      /** Photon/Nominatim language. */
      lang: Type.Optional(Type.String()),
    },
    closed,
  );

/** The corporation's own point (a taxi rank, a depot): POI_QUERY results of quality "internal". */
export const PlaceSchema = Type.Object(
  {
    name: Type.String(),
    lat: Latitude,
    lng: Longitude,
    kind: Type.Optional(Type.String()),
    city: Type.Optional(Type.String()),
    street: Type.Optional(Type.String()),
    number: Type.Optional(Type.String()),
  },
  closed,
);

export const GeoSchema = Type.Object(
  {
    /** The .osm.pbf, from the repository root. */
    extract: Type.Optional(Type.String()),
    search: Type.Optional(engine(['photon', 'nominatim'])),
    routing: Type.Optional(engine(['osrm', 'valhalla'])),
    places: Type.Optional(Type.Array(PlaceSchema)),
  },
  closed,
);

/** Seconds (and hours) of the dispatch; each has a default in the reader. */
export const DispatchSchema = Type.Object(
  {
    offer_timeout_s: Type.Optional(Type.Number({ minimum: 1 })),
    default_advance_s: Type.Optional(Type.Number({ minimum: 0 })),
    connected_s: Type.Optional(Type.Number({ minimum: 1 })),
    subscription_horizon_h: Type.Optional(Type.Number({ minimum: 1 })),
    favourite_wait_s: Type.Optional(Type.Number({ minimum: 1 })),
    favourite_near_s: Type.Optional(Type.Number({ minimum: 0 })),
  },
  closed,
);

const Filled = (expected: string) => Type.String({ pattern: '\\S', expected });

/** The seller of the VAT invoices of business rides (docs/invoices.md). */
export const InvoicingSchema = Type.Object(
  {
    seller_name: Filled('the seller as the invoice names it'),
    seller_address: Filled('street, postcode and town'),
    /** Its checksum is checked by the server after the schema. */
    seller_nip: Type.String({ expected: 'a valid 10-digit NIP' }),
    /** Percent of the net price (8). */
    vat_rate: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    /** Before the number: "FV" gives "FV 12/2026". */
    number_prefix: Type.Optional(Type.String({ maxLength: 10 })),
  },
  closed,
);

const Share = Type.Number({ minimum: 0, maximum: 1 });
const Seconds = Type.Number({ minimum: 0 });
const Span = Type.Tuple([Seconds, Seconds], { expected: '[min, max] seconds' });

/** The demo fleet's drivers (FLEET=sim). */
export const HabitsSchema = Type.Object(
  {
    /** Shares of offers turned down and left to time out, of pickups where nobody comes. */
    rejectRate: Type.Optional(Share),
    ignoreRate: Type.Optional(Share),
    absentRate: Type.Optional(Share),
    answerDelay: Type.Optional(Span),
    boardingDelay: Type.Optional(Span),
    standing: Type.Optional(Span),
    /** Seconds between position reports. */
    reportEvery: Type.Optional(Positive),
  },
  closed,
);

export const FleetSchema = Type.Object(
  {
    simulate: Type.Optional(Type.Boolean()),
    size: Type.Optional(Type.Integer({ minimum: 1 })),
    plate_prefix: Type.Optional(Type.String()),
    habits: Type.Optional(HabitsSchema),
  },
  closed,
);

const PointId = Type.Union([Type.Number(), Type.String()], { expected: 'a number or a string' });

export const LatLngSchema = Type.Object({ lat: Latitude, lng: Longitude }, closed);

/** Spec section 3, "Zone": a taxi's `state_zone` is the zone its position is in. */
export const ZoneSchema = Type.Object(
  {
    id: PointId,
    name: Type.Optional(Type.String()),
    points: Type.Array(LatLngSchema),
    disabled: Type.Optional(Type.Boolean()),
    not_urban: Type.Optional(Type.Boolean()),
  },
  closed,
);

/** Spec section 3, "Nav point": a taxi's `state_nav_point` is the one within 300 m. */
export const NavPointSchema = Type.Object(
  { id: PointId, name: Type.Optional(Type.String()), lat: Latitude, lng: Longitude },
  closed,
);

/** The automatic rollback of canaries: on with the server's defaults, or with its own figures. */
export const AutoRollbackSchema = Type.Union(
  [
    Type.Boolean(),
    Type.Object(
      {
        min_views: Type.Optional(Type.Integer({ minimum: 1 })),
        max_error_ratio: Type.Optional(Type.Number({ minimum: 1 })),
      },
      closed,
    ),
  ],
  { expected: 'true, false or {min_views, max_error_ratio}' },
);

export const CorporationFileSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z0-9][a-z0-9_-]{0,62}$',
      expected: 'lower-case letters, digits, - and _',
    }),
    hostnames: Type.Array(Type.String({ minLength: 1 }), { expected: 'a list of host names' }),
    /** IANA zone of the local times (default Europe/Warsaw); the server checks the name. */
    timezone: Type.Optional(Type.String({ expected: 'an IANA time zone such as Europe/Warsaw' })),
    /** Sent to the browser as settings.json. */
    settings: FileSettingsSchema,
    releases: Type.Optional(ReleasesSchema),
    taxi_feature_category_list: Type.Optional(Type.Array(FeatureCategorySchema)),
    taxi_features: Type.Optional(Type.Array(FeatureSchema)),
    tariff: Type.Optional(TariffSchema),
    routing: Type.Optional(RoutingSchema),
    sms: Type.Optional(SmsSchema),
    geo: Type.Optional(GeoSchema),
    dispatch: Type.Optional(DispatchSchema),
    invoicing: Type.Optional(InvoicingSchema),
    fleet: Type.Optional(FleetSchema),
    zones: Type.Optional(Type.Array(ZoneSchema)),
    nav_points: Type.Optional(Type.Array(NavPointSchema)),
    auto_rollback: Type.Optional(AutoRollbackSchema),
  },
  closed,
);

export type CorporationFile = Static<typeof CorporationFileSchema>;
export type ReleasePart = (typeof RELEASE_PARTS)[number];
export type ReleasePointerFile = Static<typeof PointerSchema>;
export type FileSettings = Static<typeof FileSettingsSchema>;
export type TariffSection = Static<typeof TariffSchema>;
export type RoutingSection = Static<typeof RoutingSchema>;
export type GeoSection = Static<typeof GeoSchema>;
export type EngineSection = NonNullable<GeoSection['search'] | GeoSection['routing']>;
export type DispatchSection = Static<typeof DispatchSchema>;
export type InvoicingSection = Static<typeof InvoicingSchema>;
export type FleetSection = Static<typeof FleetSchema>;
export type ZoneSection = Static<typeof ZoneSchema>;
export type NavPointSection = Static<typeof NavPointSchema>;
export type AutoRollbackSection = Static<typeof AutoRollbackSchema>;
