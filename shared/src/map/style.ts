// What the map draws underneath the app's own layers, from the corporation's settings.
import type {
  ExpressionSpecification,
  LineLayerSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import { MAP } from '../model/constants';

/** The credits OpenStreetMap's licence asks for, beside its data on a map. */
export const OSM_CREDITS = '© OpenStreetMap contributors';

/** A style document rather than a raster template: its path ends in `.json`. */
export function isStyleUrl(tileUrl: string): boolean {
  return /\.json(?:[?#]|$)/.test(tileUrl) || tileUrl.startsWith('mapbox://styles/');
}

/**
 * A raster style on the corporation's tile server, over a plain background. It changes at once:
 * MapLibre's default 300 ms transitions and tile fades draw a frame every 16 ms meanwhile, each
 * a whole map in a cheap phone's WebGL.
 */
export function rasterStyle(tileUrl: string, dark: boolean): StyleSpecification {
  return {
    version: 8,
    transition: { duration: 0, delay: 0 },
    sources: tileUrl
      ? {
          tiles: {
            type: 'raster',
            tiles: [tileUrl],
            tileSize: 256,
            maxzoom: MAP.maxTileZoom,
            attribution: OSM_CREDITS,
          },
        }
      : {},
    layers: [
      {
        id: 'background',
        type: 'background',
        paint: { 'background-color': dark ? '#23272d' : '#e8ebe6' },
      },
      ...(tileUrl
        ? [
            {
              id: 'tiles',
              type: 'raster' as const,
              source: 'tiles',
              paint: { 'raster-fade-duration': 0 },
            },
          ]
        : []),
    ],
  };
}

/** Mapbox's own streets style when a Mapbox corporation names no tiles. */
const MAPBOX_STYLES = {
  light: 'mapbox://styles/mapbox/streets-v12',
  dark: 'mapbox://styles/mapbox/dark-v11',
};

/**
 * The style to give the map library: a style URL as it is, except the app's own server's, which
 * is asked for its dark variant in dark mode, for labels in the passenger's `language`, and for
 * glyph and icon URLs on the page's `origin` (neither library takes a root-relative sprite); a
 * raster template wrapped in a style, or a plain background.
 */
export function mapStyle(
  tileUrl: string,
  options: { dark: boolean; mapbox: boolean; language?: string; origin?: string },
): string | StyleSpecification {
  if (!tileUrl && options.mapbox) return options.dark ? MAPBOX_STYLES.dark : MAPBOX_STYLES.light;
  if (!isStyleUrl(tileUrl)) return rasterStyle(tileUrl, options.dark);
  if (!tileUrl.startsWith('/')) return tileUrl;
  const query = [
    options.dark && 'theme=dark',
    options.language && `lang=${encodeURIComponent(options.language)}`,
    options.origin && `origin=${encodeURIComponent(options.origin)}`,
  ].filter(Boolean);
  if (query.length === 0) return tileUrl;
  return `${tileUrl}${tileUrl.includes('?') ? '&' : '?'}${query.join('&')}`;
}

/**
 * Root-relative URLs (the app's own tile server) made absolute: vector tiles are fetched in a
 * web worker, where a relative URL would not resolve against the page.
 */
export function absoluteRequest(url: string): { url: string } {
  return { url: url.startsWith('/') ? new URL(url, window.location.href).href : url };
}

/**
 * `value` for every feature, as a per-feature expression: the route is then drawn with the
 * shader program the server style's roads have compiled (per-feature colour, width by zoom and
 * feature) instead of one more (see perFeature in server/src/tiles/style.ts).
 */
function perFeature<T extends string | number>(value: T): ExpressionSpecification {
  return ['case', ['has', 'class'], value, value] as ExpressionSpecification;
}

/** The paint of the route line: 5 px in `color`, dashed while it is only planned. */
export function routePaint(color: string, dashed: boolean): LineLayerSpecification['paint'] {
  return {
    'line-color': perFeature(color),
    'line-width': ['interpolate', ['linear'], ['zoom'], 0, perFeature(5), 24, perFeature(5)],
    ...(dashed ? { 'line-dasharray': [1.5, 1.5] } : {}),
  };
}

/** South-west and north-east corners, [lng, lat] each. */
export type LngLatBounds = [[number, number], [number, number]];

/**
 * The area a style's tiles cover: the union of its sources' declared `bounds` (the app's own
 * server declares its extract's), or null when no source declares any (a raster template,
 * Mapbox's streets): a corporation's town, where nothing tells where the passenger is.
 */
export function tileArea(
  style: Pick<StyleSpecification, 'sources'> | undefined,
): LngLatBounds | null {
  const boxes = Object.values(style?.sources ?? {}).flatMap((source) =>
    'bounds' in source && source.bounds ? [source.bounds] : [],
  );
  if (boxes.length === 0) return null;
  return [
    [Math.min(...boxes.map((box) => box[0])), Math.min(...boxes.map((box) => box[1]))],
    [Math.max(...boxes.map((box) => box[2])), Math.max(...boxes.map((box) => box[3]))],
  ];
}
