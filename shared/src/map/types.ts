/** What a map shows and how it is told to move; shared by Home and Track. */
export interface LatLng {
  lat: number;
  lng: number;
}

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
  draggable?: boolean;
  onDragEnd?: (position: LatLng) => void;
}

export interface MapFocus {
  /** Fit these points (one point: centre on it) whenever `key` changes. */
  points: LatLng[];
  padding: MapPadding;
  key: string;
}

export interface TaxiMapProps {
  /** Raster XYZ template; empty: a plain background with the app's layers only. */
  tileUrl: string;
  /** Accessible name of the map region. */
  label: string;
  initialView: { center: LatLng; zoom: number };
  /** Padding of the view: the centre of the map is the centre of what it leaves free. */
  padding?: MapPadding;
  focus?: MapFocus | null;
  pins?: MapPin[];
  route?: LatLng[];
  routeColor?: string;
  dark?: boolean;
  /** After a move the passenger made (drag, zoom), with the new centre. */
  onUserMoveEnd?: (center: LatLng, zoom: number) => void;
  onReady?: () => void;
  className?: string;
}
