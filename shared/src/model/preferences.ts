/** Local preferences (spec section 3), kept on the device. */
export type TaxiIconStyle = 'default' | 'full' | 'min';
export type ZoneTaxisLayout = '1:1' | '1:2' | '1:3' | '1:4' | 'max';

export interface LocalPreferences {
  taxi_style: TaxiIconStyle;
  taxi_order: string;
  zone_taxis_layout: ZoneTaxisLayout;
  show_empty: boolean;
  /** Text zoom: 1, 1.25 or 1.5 (shown as 100, 125, 150 %). */
  font_scale: number;
  zones_visible: boolean;
  nav_points_visible: boolean;
  view_zones: number[];
  dark_mode: boolean;
  show_count: boolean;
}

export const FONT_SCALES = [1, 1.25, 1.5] as const;

export const PREFERENCES_DEFAULTS: LocalPreferences = {
  taxi_style: 'default',
  taxi_order: 'call_number',
  zone_taxis_layout: '1:2',
  show_empty: false,
  font_scale: 1.25,
  zones_visible: false,
  nav_points_visible: false,
  view_zones: [],
  dark_mode: true,
  show_count: false,
};
