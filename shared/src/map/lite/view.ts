// The lite map's geometry: Web Mercator pixels as the WebGL libraries count them (a 512 px world
// at zoom 0), so that a view handed over to the interactive map shows the same place at the same
// scale. Raster tiles are 256 px: those of zoom z + 1 draw the libraries' zoom z.
import type { LatLng, MapPadding } from '../types';

export interface View {
  center: LatLng;
  zoom: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export const NO_PADDING: MapPadding = { top: 0, right: 0, bottom: 0, left: 0 };
/** Zoom levels the tile servers draw (spec: tiles up to 18); beyond, tiles are enlarged. */
export const MAX_TILE_ZOOM = 18;
const WORLD = 512;
const TILE = 256;
const MAX_LAT = 85.051129;

/** Where `at` lies in the world drawn at `zoom`, in pixels from its north-west corner. */
export function worldPoint(at: LatLng, zoom: number): Point {
  const size = WORLD * 2 ** zoom;
  const lat = (Math.max(-MAX_LAT, Math.min(MAX_LAT, at.lat)) * Math.PI) / 180;
  return {
    x: ((at.lng + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * size,
  };
}

/** The place at a world pixel of `zoom`. */
export function placeAt(point: Point, zoom: number): LatLng {
  const size = WORLD * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * point.y) / size;
  return {
    lat: (180 / Math.PI) * Math.atan(Math.sinh(n)),
    lng: (point.x / size) * 360 - 180,
  };
}

/** The screen point the view's centre is drawn at: the middle of what the padding leaves. */
function anchor(size: Size, padding: MapPadding): Point {
  return {
    x: padding.left + (size.width - padding.left - padding.right) / 2,
    y: padding.top + (size.height - padding.top - padding.bottom) / 2,
  };
}

/** Where a place is drawn on the screen. */
export function screenPoint(at: LatLng, view: View, size: Size, padding: MapPadding): Point {
  const centre = worldPoint(view.center, view.zoom);
  const point = worldPoint(at, view.zoom);
  const middle = anchor(size, padding);
  return { x: middle.x + point.x - centre.x, y: middle.y + point.y - centre.y };
}

/** The place under a screen point. */
export function placeUnder(screen: Point, view: View, size: Size, padding: MapPadding): LatLng {
  const centre = worldPoint(view.center, view.zoom);
  const middle = anchor(size, padding);
  return placeAt(
    { x: centre.x + screen.x - middle.x, y: centre.y + screen.y - middle.y },
    view.zoom,
  );
}

/**
 * The view that shows `points` as the interactive map's camera does: one point centred at zoom
 * 15 or closer (easeTo), several fitted into what `fitPadding` leaves, 17 at most (fitBounds).
 * The view is then expressed for the map's own `padding`.
 */
export function viewOf(
  points: LatLng[],
  current: View,
  size: Size,
  fitPadding: MapPadding,
  padding: MapPadding,
): View {
  let zoom = Math.max(current.zoom, 15);
  if (points.length > 1) {
    const world = points.map((p) => worldPoint(p, 0));
    const width = Math.max(...world.map((p) => p.x)) - Math.min(...world.map((p) => p.x));
    const height = Math.max(...world.map((p) => p.y)) - Math.min(...world.map((p) => p.y));
    const free = {
      width: Math.max(1, size.width - fitPadding.left - fitPadding.right),
      height: Math.max(1, size.height - fitPadding.top - fitPadding.bottom),
    };
    const fits = Math.log2(Math.min(free.width / (width || 1e-9), free.height / (height || 1e-9)));
    zoom = Math.min(17, fits);
  }
  const world = points.map((p) => worldPoint(p, zoom));
  const middle = {
    x: (Math.min(...world.map((p) => p.x)) + Math.max(...world.map((p) => p.x))) / 2,
    y: (Math.min(...world.map((p) => p.y)) + Math.max(...world.map((p) => p.y))) / 2,
  };
  // The points' middle sits at the fit padding's anchor; the centre is what the map's own
  // padding puts at its anchor.
  const wanted = anchor(size, fitPadding);
  const own = anchor(size, padding);
  const centre = { x: middle.x + own.x - wanted.x, y: middle.y + own.y - wanted.y };
  return { center: placeAt(centre, zoom), zoom };
}

/** The view that shows a box ([west, south], [east, north]) whole. */
export function viewOfArea(
  area: [[number, number], [number, number]],
  size: Size,
  padding: MapPadding,
): View {
  const [[west, south], [east, north]] = area;
  const corners = [
    { lat: south, lng: west },
    { lat: north, lng: east },
  ];
  return viewOf(corners, { center: corners[0]!, zoom: 0 }, size, padding, padding);
}

export interface Tile {
  key: string;
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
  size: number;
}

/**
 * The tiles that cover the screen: of the zoom level nearest the view's (sharp on the phone's
 * screen), each placed and scaled to the view's fractional zoom, the view's middle first.
 */
export function tilesInSight(view: View, size: Size, padding: MapPadding): Tile[] {
  const z = Math.max(0, Math.min(MAX_TILE_ZOOM, Math.round(view.zoom) + 1));
  const shown = TILE * 2 ** (view.zoom + 1 - z);
  const centre = worldPoint(view.center, view.zoom);
  const middle = anchor(size, padding);
  const left = centre.x - middle.x;
  const top = centre.y - middle.y;
  const count = 2 ** z;
  const tiles: Tile[] = [];
  for (let y = Math.floor(top / shown); y * shown < top + size.height; y++) {
    if (y < 0 || y >= count) continue;
    for (let x = Math.floor(left / shown); x * shown < left + size.width; x++) {
      const column = ((x % count) + count) % count;
      tiles.push({
        key: `${z}/${x}/${y}`,
        z,
        x: column,
        y,
        left: x * shown - left,
        top: y * shown - top,
        size: shown,
      });
    }
  }
  // The middle first: the browser asks for them in this order, and the passenger looks there.
  const distance = (tile: Tile) =>
    Math.hypot(tile.left + shown / 2 - middle.x, tile.top + shown / 2 - middle.y);
  return tiles.sort((a, b) => distance(a) - distance(b));
}
