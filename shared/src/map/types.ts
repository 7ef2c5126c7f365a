/** What a map shows and how it is told to move; shared by Home and Track. */
import type { LatLng, TilePictures } from '@taxi/contract';

export type { LatLng };

export interface MapPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export type PinKind = 'pickup' | 'destination' | 'taxi' | 'client';

export interface MapPin {
  id: string;
  position: LatLng;
  kind: PinKind;
  /** Accessible name of the pin. */
  label: string;
  color?: string;
  /** A taxi whose position is out of date: drawn faded (grey) instead of in its colour. */
  stale?: boolean;
  draggable?: boolean;
  onDragEnd?: (position: LatLng) => void;
  /** A new position is reached over this many ms (a taxi between reports), not at once. */
  glideMs?: number;
}

export interface MapFocus {
  /** Fit these points (one point: centre on it) whenever `key` changes. */
  points: LatLng[];
  padding: MapPadding;
  key: string;
}

export interface TaxiMapProps {
  /**
   * The corporation's tiles: a style document URL (ending in `.json`, or `mapbox://styles/…`),
   * a raster XYZ template, or empty: a plain background (Mapbox's streets with a token).
   */
  tileUrl: string;
  /** The tile server's pictures of `tileUrl`'s map (settings' `tile_pictures`): shown at once. */
  tilePictures?: TilePictures | null;
  /** Mapbox instead of maplibre: only a corporation that supplies a token uses it. */
  mapboxToken?: string;
  /** Accessible name of the map region. */
  label: string;
  initialView: { center: LatLng; zoom: number };
  /**
   * When no focus has come by the time the style is in, show the area its tiles cover instead
   * of `initialView` (Home without a pickup: the corporation's town rather than the country).
   */
  fitTilesFirst?: boolean;
  /** Padding of the view: the centre of the map is the centre of what it leaves free. */
  padding?: MapPadding;
  /**
   * Pixels of the map's bottom under the page (a sheet, a bar): the map's own corner controls
   * (its credits, Mapbox's logo) sit above them, in sight as the tiles' licences want.
   */
  coveredBottom?: number;
  focus?: MapFocus | null;
  pins?: MapPin[];
  route?: LatLng[];
  routeColor?: string;
  /** A planned route is dashed; a driven one (the default) solid. */
  routeDashed?: boolean;
  dark?: boolean;
  /** After a move the passenger made (drag, zoom), with the new centre. */
  onUserMoveEnd?: (center: LatLng, zoom: number) => void;
  /**
   * A tap or click (no drag) sets the pickup at that place: the single-pointer way to move a
   * pickup that is otherwise dragged (WCAG 2.5.7). The map's accessible name then says so.
   */
  onPickupTap?: (place: LatLng) => void;
  onReady?: () => void;
  className?: string;
}
