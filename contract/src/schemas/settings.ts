// The operator settings of spec section 3 ("Settings") as runtime schemas: the corporation file's
// `settings` section is checked against them at load; ../settings.ts infers the types from them.
import { Type } from '@sinclair/typebox';

export const CallUsEntrySchema = Type.Object(
  { phone: Type.String(), owner: Type.String() },
  { additionalProperties: false },
);

export const CorpLinkSchema = Type.Object(
  { name: Type.String(), url: Type.String() },
  { additionalProperties: false },
);

/**
 * The app's own tile server's pictures (WebP raster tiles) of the map `tile_url` names, so that
 * a screen shows the map without first fetching the style document; not named by the spec.
 */
export const TilePicturesSchema = Type.Object({
  /**
   * An XYZ template: `{look}` takes the theme and the labels' language (`dark-pl`, `light-en`),
   * `{r}` '@2x' on a sharp screen, else ''.
   */
  template: Type.String(),
  /** The area the tiles cover: west, south, east, north. */
  bounds: Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()]),
});

/** The fields a corporation's file may set: the spec's, plus `tile_url` and `mapbox_token`. */
const FILE_FIELDS = {
  city: Type.String(),
  corp: Type.String(),
  corp_icon: Type.String(),
  corp_logo: Type.String(),
  corp_links: Type.Array(CorpLinkSchema),
  corp_legal: Type.Boolean(),
  currency: Type.String(),
  favicon: Type.String(),
  gps_accuracy: Type.Number(),
  gps_timeout: Type.Number(),
  maintenance: Type.Boolean(),
  rate: Type.Boolean(),
  show_account: Type.Boolean(),
  show_cash_free: Type.Boolean(),
  show_discount: Type.Boolean(),
  show_dst: Type.Boolean(),
  show_dst_price: Type.Boolean(),
  show_features: Type.Boolean(),
  show_info: Type.Boolean(),
  show_password: Type.Boolean(),
  show_points: Type.Boolean(),
  show_taxi_count: Type.Boolean(),
  show_timely: Type.Boolean(),
  taxi_group_id: Type.Union([Type.Number(), Type.Null()], { expected: 'a number or null' }),
  timely_additional: Type.Number(),
  timely_startof: Type.Number(),
  track: Type.Boolean(),
  locale_lang_list: Type.Array(Type.String()),
  locale_lang_default: Type.String(),
  android_url: Type.String(),
  call_us_data: Type.Array(CallUsEntrySchema),
  color: Type.String(),
  color_map_icon: Type.String(),
  regulations_start_date: Type.String(),
  regulations_link: Type.String(),
  gdpr_admin: Type.String(),
  gdpr_admin_email: Type.String(),
  gdpr_policy_link: Type.String(),
  self_name: Type.String(),
  self_name_en: Type.String(),
  self_email: Type.String(),
  self_email_gdpr: Type.String(),
  /** The map's tiles: a style URL (`.json`) or a raster XYZ template; not named by the spec. */
  tile_url: Type.String(),
  /** Only when a corporation uses Mapbox; maplibre otherwise. */
  mapbox_token: Type.String(),
};

/** settings.json as the browser gets it: the file's fields with the spec's defaults, and the server's two. */
export const SettingsSchema = Type.Object({
  ...FILE_FIELDS,
  /**
   * Set by the server, never by a corporation's file: the pictures of `tile_url` when it is the
   * server's own style and its map is ready; null otherwise (a screen then asks the style).
   */
  tile_pictures: Type.Union([TilePicturesSchema, Type.Null()]),
  /** ISO codes of the countries whose mobile numbers get login codes (the server's `sms.countries`). */
  phone_countries: Type.Array(Type.String()),
});

/**
 * A corporation file's `settings`: any of the fields (the browser fills in the spec's defaults),
 * and nothing else, so that a misspelt field is an error at load rather than a switch ignored.
 */
export const FileSettingsSchema = Type.Partial(Type.Object(FILE_FIELDS), {
  additionalProperties: false,
});
