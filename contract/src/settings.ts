/** Operator settings of one corporation (spec section 3, "Settings"): GET /settings.json. */
// The types are inferred from the schemas (./schemas/settings.ts), imported as types only so that
// a browser bundle of the contract never loads TypeBox.
import type { Static } from '@sinclair/typebox';
import { TIMELY_ADDITIONAL_DEFAULT_S } from './constants.ts';
import type {
  CallUsEntrySchema,
  CorpLinkSchema,
  SettingsSchema,
  TilePicturesSchema,
} from './schemas/settings.ts';

export type CallUsEntry = Static<typeof CallUsEntrySchema>;
export type CorpLink = Static<typeof CorpLinkSchema>;
/** The pictures of the server's own map tiles (schemas/settings.ts says more). */
export type TilePictures = Static<typeof TilePicturesSchema>;
/** settings.json: the corporation file's fields with the spec's defaults, and the server's two. */
export type Settings = Static<typeof SettingsSchema>;

/** The spec's defaults, for fields a corporation's file leaves out. */
export const SETTINGS_DEFAULTS: Settings = {
  city: '',
  corp: '',
  corp_icon: '',
  corp_logo: '',
  corp_links: [],
  corp_legal: false,
  currency: 'zł',
  favicon: '',
  gps_accuracy: 60,
  gps_timeout: 60,
  maintenance: false,
  rate: true,
  show_account: true,
  show_cash_free: false,
  show_discount: false,
  show_dst: true,
  show_dst_price: true,
  show_features: false,
  show_info: true,
  show_password: false,
  show_points: false,
  show_taxi_count: false,
  show_timely: false,
  taxi_group_id: null,
  timely_additional: TIMELY_ADDITIONAL_DEFAULT_S,
  timely_startof: 0,
  track: true,
  locale_lang_list: ['pl', 'en'],
  locale_lang_default: 'en',
  android_url: '',
  call_us_data: [],
  color: '#f5b400',
  color_map_icon: '#f5b400',
  regulations_start_date: '01-05-2024',
  regulations_link: '',
  gdpr_admin: '',
  gdpr_admin_email: '',
  gdpr_policy_link: '',
  self_name: '',
  self_name_en: '',
  self_email: '',
  self_email_gdpr: '',
  tile_url: '',
  tile_pictures: null,
  mapbox_token: '',
  phone_countries: ['PL'],
};
