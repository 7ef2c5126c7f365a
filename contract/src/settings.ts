/** Operator settings of one corporation (spec section 3, "Settings"): GET /settings.json. */
import { TIMELY_ADDITIONAL_DEFAULT_S } from './constants.ts';

export interface CallUsEntry {
  phone: string;
  owner: string;
}

export interface CorpLink {
  name: string;
  url: string;
}

/**
 * The app's own tile server's pictures (WebP raster tiles) of the map `tile_url` names, so that
 * a screen shows the map without first fetching the style document; not named by the spec.
 */
export interface TilePictures {
  /**
   * An XYZ template: `{look}` takes the theme and the labels' language (`dark-pl`, `light-en`),
   * `{r}` '@2x' on a sharp screen, else ''.
   */
  template: string;
  /** The area the tiles cover: west, south, east, north. */
  bounds: [number, number, number, number];
}

export interface Settings {
  city: string;
  corp: string;
  corp_icon: string;
  corp_logo: string;
  corp_links: CorpLink[];
  corp_legal: boolean;
  currency: string;
  favicon: string;
  gps_accuracy: number;
  gps_timeout: number;
  maintenance: boolean;
  rate: boolean;
  show_account: boolean;
  show_cash_free: boolean;
  show_discount: boolean;
  show_dst: boolean;
  show_dst_price: boolean;
  show_features: boolean;
  show_info: boolean;
  show_password: boolean;
  show_points: boolean;
  show_taxi_count: boolean;
  show_timely: boolean;
  taxi_group_id: number | null;
  timely_additional: number;
  timely_startof: number;
  track: boolean;
  locale_lang_list: string[];
  locale_lang_default: string;
  android_url: string;
  call_us_data: CallUsEntry[];
  color: string;
  color_map_icon: string;
  regulations_start_date: string;
  regulations_link: string;
  gdpr_admin: string;
  gdpr_admin_email: string;
  gdpr_policy_link: string;
  self_name: string;
  self_name_en: string;
  self_email: string;
  self_email_gdpr: string;
  /** The map's tiles: a style URL (`.json`) or a raster XYZ template; not named by the spec. */
  tile_url: string;
  /**
   * Set by the server, never by a corporation's file: the pictures of `tile_url` when it is the
   * server's own style and its map is ready; null otherwise (a screen then asks the style).
   */
  tile_pictures: TilePictures | null;
  /** Only when a corporation uses Mapbox; maplibre otherwise. */
  mapbox_token: string;
  /** ISO codes of the countries whose mobile numbers get login codes (the server's `sms.countries`). */
  phone_countries: string[];
}

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
