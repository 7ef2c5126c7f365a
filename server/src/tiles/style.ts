import type {
  DataDrivenPropertyValueSpecification,
  ExpressionSpecification,
  LayerSpecification,
  StyleSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import {
  DARK_LABELS,
  LABEL_LANGUAGES,
  type LabelLanguage,
  labelLayers,
  LIGHT_LABELS,
} from './labels.ts';
import { GLYPHS_PATH, SPRITE_PATH } from '@taxi/contract/tile-paths';
import { MAX_ZOOM, MIN_ZOOM } from './tileset.ts';

/** The colours of one theme. */
interface Palette {
  background: string;
  water: string;
  pool: string;
  landuse: Record<string, string>;
  building: string;
  buildingOutline: string;
  road: Record<string, string>;
  casing: Record<string, string>;
  footway: string;
  rail: string;
  railDash: string;
}

const LIGHT: Palette = {
  background: '#f2efe9',
  water: '#aad3df',
  pool: '#bde2ec',
  landuse: {
    park: '#cdebb0',
    grass: '#d8eec5',
    wood: '#b7d9a0',
    pitch: '#bfe6cd',
    cemetery: '#c9ddc0',
    sand: '#f3e8c0',
    rock: '#e4ddd5',
    residential: '#ebe7e1',
    commercial: '#f1e3e0',
    industrial: '#ebdfe8',
    construction: '#e5e0cf',
    farmland: '#eef0d5',
    institution: '#f3ebd8',
    parking: '#e9e7e3',
    pedestrian: '#f9f8f5',
  },
  building: '#ddd5cc',
  buildingOutline: '#cbc0b4',
  road: {
    motorway: '#f7b85c',
    trunk: '#f9cc7a',
    primary: '#fddc96',
    secondary: '#fdefc3',
    tertiary: '#ffffff',
    residential: '#ffffff',
    service: '#ffffff',
    track: '#f6f1e7',
  },
  casing: {
    motorway: '#d48f37',
    trunk: '#d3a255',
    primary: '#d0b274',
    secondary: '#cbbf9c',
    tertiary: '#c6bfb5',
    residential: '#d1cbc3',
    service: '#d6d1ca',
    track: '#cdc4b4',
  },
  footway: '#b4a38d',
  rail: '#a09b94',
  railDash: '#ffffff',
};

const DARK: Palette = {
  background: '#23272d',
  water: '#1a2c40',
  pool: '#203650',
  landuse: {
    park: '#25392b',
    grass: '#27382c',
    wood: '#213528',
    pitch: '#26382e',
    cemetery: '#28342c',
    sand: '#37332a',
    rock: '#2e2f33',
    residential: '#272b31',
    commercial: '#2d2a2f',
    industrial: '#2b2a30',
    construction: '#2d2c2a',
    farmland: '#2a2f2a',
    institution: '#2e2c29',
    parking: '#2a2d33',
    pedestrian: '#2c3036',
  },
  building: '#333941',
  buildingOutline: '#3c434d',
  road: {
    motorway: '#8a6a32',
    trunk: '#7a6236',
    primary: '#615741',
    secondary: '#4e4b45',
    tertiary: '#474c55',
    residential: '#3f444c',
    service: '#3a3f47',
    track: '#363b41',
  },
  casing: {
    motorway: '#1a1c20',
    trunk: '#1a1c20',
    primary: '#1a1c20',
    secondary: '#1a1c20',
    tertiary: '#1b1e22',
    residential: '#1b1e22',
    service: '#1c1f24',
    track: '#1c1f24',
  },
  footway: '#50565f',
  rail: '#5b616b',
  railDash: '#2b2f35',
};

/** Road widths in pixels at zoom 8, 12, 14, 16 and 18. */
const ROAD_WIDTHS: Record<string, number[]> = {
  motorway: [1, 2.5, 5, 10, 22],
  trunk: [0.8, 2.2, 4.5, 9, 20],
  primary: [0.6, 2, 4, 8, 18],
  secondary: [0.4, 1.5, 3.5, 7, 16],
  tertiary: [0.3, 1.2, 3, 6, 14],
  residential: [0.2, 0.6, 2, 5, 12],
  service: [0.1, 0.3, 1, 3, 7],
  track: [0.1, 0.3, 1, 2.5, 6],
  pier: [0.3, 0.6, 2, 4, 9],
  footway: [0.1, 0.3, 0.8, 1.2, 2],
};
const WIDTH_ZOOMS = [8, 12, 14, 16, 18];
/** What a casing adds to the road's width, per zoom of WIDTH_ZOOMS. */
const CASING = [0.4, 1, 1.5, 2, 2.5];
/** Drawing order of the road classes, least important first. */
const ROAD_ORDER = [
  'footway',
  'pier',
  'track',
  'service',
  'residential',
  'tertiary',
  'secondary',
  'primary',
  'trunk',
  'motorway',
];

const get = (key: string): ExpressionSpecification => ['get', key];

/**
 * `value` for every feature, written as a per-feature expression. MapLibre compiles a shader
 * program for each mix of constant and per-feature paint values a layer type is drawn with:
 * written this way, a layer whose colour or width is one value draws with the program the
 * per-class layers already compiled (a compile is tens of ms on a cheap phone's GPU, and most of
 * the map's start in software WebGL). See the tiles test that counts the programs.
 */
function perFeature<T extends string | number>(value: T): ExpressionSpecification {
  return ['case', ['has', 'class'], value, value] as ExpressionSpecification;
}

/** A width by zoom (`stops`: zoom, width, …), per feature as a road's (see perFeature). */
function widthByZoom(...stops: number[]): ExpressionSpecification {
  const pairs = stops.map((stop, i) => (i % 2 === 0 ? stop : perFeature(stop)));
  return ['interpolate', ['exponential', 1.5], ['zoom'], ...pairs] as ExpressionSpecification;
}

/** A `match` on the feature's class; `fallback` for the others. */
function byClass<T extends string | number>(
  values: Record<string, T>,
  fallback: T,
): ExpressionSpecification {
  const pairs = Object.entries(values).flat();
  return ['match', get('class'), ...pairs, fallback] as ExpressionSpecification;
}

/** Line widths per class, growing with the zoom; `extra` per zoom for casings. */
function roadWidth(
  scale = 1,
  extra = [0, 0, 0, 0, 0],
): DataDrivenPropertyValueSpecification<number> {
  const stops = WIDTH_ZOOMS.flatMap((zoom, i) => [
    zoom,
    byClass(
      Object.fromEntries(
        Object.entries(ROAD_WIDTHS).map(([kind, widths]) => [kind, widths[i]! * scale + extra[i]!]),
      ),
      1,
    ),
  ]);
  return ['interpolate', ['exponential', 1.5], ['zoom'], ...stops] as ExpressionSpecification;
}

const isTunnel: ExpressionSpecification = ['==', get('brunnel'), 'tunnel'];
const isBridge: ExpressionSpecification = ['==', get('brunnel'), 'bridge'];
const notTunnel: ExpressionSpecification = ['!=', get('brunnel'), 'tunnel'];
const roadOrder: ExpressionSpecification = byClass(
  Object.fromEntries(ROAD_ORDER.map((kind, i) => [kind, i])),
  0,
);
const carRoads: ExpressionSpecification = [
  '!',
  ['in', get('class'), ['literal', ['footway', 'pier']]],
];

function layers(palette: Palette): LayerSpecification[] {
  const source = { source: 'osm' };
  const roadColour = byClass(palette.road, palette.road.residential!);
  const casingColour = byClass(palette.casing, palette.casing.residential!);
  /** Casing and fill of the car roads that pass `filter`; `id` names the pair. */
  const roads = (id: string, filter: ExpressionSpecification): LayerSpecification[] => [
    {
      id: `${id}-casing`,
      type: 'line',
      ...source,
      'source-layer': 'roads',
      minzoom: 12,
      filter: ['all', carRoads, filter],
      layout: { 'line-cap': 'round', 'line-join': 'round', 'line-sort-key': roadOrder },
      paint: { 'line-color': casingColour, 'line-width': roadWidth(1, CASING) },
    },
    {
      id,
      type: 'line',
      ...source,
      'source-layer': 'roads',
      filter: ['all', carRoads, filter],
      layout: { 'line-cap': 'round', 'line-join': 'round', 'line-sort-key': roadOrder },
      paint: { 'line-color': roadColour, 'line-width': roadWidth() },
    },
  ];
  return [
    { id: 'background', type: 'background', paint: { 'background-color': palette.background } },
    {
      id: 'landuse',
      type: 'fill',
      ...source,
      'source-layer': 'landuse',
      filter: ['!=', get('class'), 'pier'],
      paint: {
        'fill-color': byClass(palette.landuse, palette.background),
        'fill-opacity': ['interpolate', ['linear'], ['zoom'], 8, 0.6, 12, 1],
      },
    },
    {
      id: 'water',
      type: 'fill',
      ...source,
      'source-layer': 'water',
      paint: { 'fill-color': ['match', get('class'), 'pool', palette.pool, palette.water] },
    },
    {
      id: 'waterway',
      type: 'line',
      ...source,
      'source-layer': 'waterway',
      filter: notTunnel,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': perFeature(palette.water),
        'line-width': [
          'interpolate',
          ['exponential', 1.5],
          ['zoom'],
          8,
          byClass({ river: 1, stream: 0.3 }, 0.2),
          14,
          byClass({ river: 6, stream: 2 }, 1),
          18,
          byClass({ river: 24, stream: 6 }, 3),
        ],
      },
    },
    {
      id: 'pier',
      type: 'fill',
      ...source,
      'source-layer': 'landuse',
      filter: ['==', get('class'), 'pier'],
      paint: { 'fill-color': perFeature(palette.background) },
    },
    {
      id: 'building',
      type: 'fill',
      ...source,
      'source-layer': 'building',
      minzoom: 13,
      paint: {
        'fill-color': perFeature(palette.building),
        'fill-outline-color': perFeature(palette.buildingOutline),
        'fill-opacity': ['interpolate', ['linear'], ['zoom'], 13, 0.4, 15, 1],
      },
    },
    {
      id: 'road-tunnel',
      type: 'line',
      ...source,
      'source-layer': 'roads',
      minzoom: 12,
      filter: ['all', carRoads, isTunnel],
      layout: { 'line-join': 'round', 'line-sort-key': roadOrder },
      paint: {
        'line-color': casingColour,
        'line-opacity': 0.45,
        'line-width': roadWidth(0.6),
        'line-dasharray': [2, 1],
      },
    },
    {
      id: 'railway-tunnel',
      type: 'line',
      ...source,
      'source-layer': 'railway',
      minzoom: 12,
      filter: isTunnel,
      paint: {
        'line-color': perFeature(palette.rail),
        'line-opacity': 0.5,
        'line-width': widthByZoom(12, 0.8, 18, 3),
        'line-dasharray': [3, 2],
      },
    },
    {
      id: 'footway',
      type: 'line',
      ...source,
      'source-layer': 'roads',
      minzoom: 14,
      filter: ['all', ['==', get('class'), 'footway'], notTunnel],
      paint: {
        'line-color': perFeature(palette.footway),
        'line-width': roadWidth(),
        'line-dasharray': [2, 1.5],
      },
    },
    {
      id: 'pier-line',
      type: 'line',
      ...source,
      'source-layer': 'roads',
      minzoom: 13,
      filter: ['==', get('class'), 'pier'],
      paint: { 'line-color': perFeature(palette.background), 'line-width': roadWidth() },
    },
    ...roads('road', ['all', notTunnel, ['!', isBridge]]),
    {
      id: 'railway',
      type: 'line',
      ...source,
      'source-layer': 'railway',
      filter: notTunnel,
      paint: {
        'line-color': perFeature(palette.rail),
        'line-width': widthByZoom(10, 1, 14, 2.5, 18, 6),
      },
    },
    {
      id: 'railway-dash',
      type: 'line',
      ...source,
      'source-layer': 'railway',
      minzoom: 14,
      filter: ['all', notTunnel, ['==', get('class'), 'rail']],
      paint: {
        'line-color': perFeature(palette.railDash),
        'line-width': widthByZoom(14, 1, 18, 3),
        'line-dasharray': [3, 3],
      },
    },
    ...roads('road-bridge', isBridge),
  ];
}

export type Theme = 'light' | 'dark';

/** The language of a style request's `lang` when the tiles carry names in it. */
export function labelLanguage(lang: unknown): LabelLanguage | undefined {
  return LABEL_LANGUAGES.find((language) => language === lang);
}

/** Every layer of the style of a theme, labels in `language` (none: `name`), in drawing order. */
export function styleLayers(
  theme: Theme,
  language: LabelLanguage | undefined,
): LayerSpecification[] {
  const dark = theme === 'dark';
  return [
    ...layers(dark ? DARK : LIGHT),
    ...labelLayers(dark ? DARK_LABELS : LIGHT_LABELS, language),
  ];
}

/** What a raster tile looks like: a style's theme and label language. */
export interface Look {
  theme: Theme;
  language: LabelLanguage | undefined;
}

/** The look as a raster tile's path names it: `dark-pl`, or `light` for names as in `name`. */
export function lookName({ theme, language }: Look): string {
  return language ? `${theme}-${language}` : theme;
}

/** The look a raster tile's path names, or undefined when it names none. */
export function lookNamed(name: string): Look | undefined {
  const [theme, lang, ...rest] = name.split('-');
  if ((theme !== 'light' && theme !== 'dark') || rest.length > 0) return undefined;
  const language = labelLanguage(lang);
  return lang === undefined || language ? { theme, language } : undefined;
}

/**
 * The page's origin a style request names (`origin`: neither maplibre-gl nor mapbox-gl takes a
 * root-relative sprite), when it is the very host the request came to; else '' (root-relative).
 */
export function pageOrigin(origin: unknown, host: string | undefined): string {
  if (typeof origin !== 'string' || !host) return '';
  try {
    const url = new URL(origin);
    const plain = url.origin === origin && /^https?:$/.test(url.protocol);
    return plain && url.host === host.toLowerCase() ? origin : '';
  } catch {
    return '';
  }
}

/**
 * The MapLibre style document (version 8) over the extract's vector tiles: land, water, green
 * and other land use, buildings, roads by class, railways, and the labels (in `language` where
 * the extract has names in it) with the server's glyphs and icons.
 */
export function tileStyle(options: {
  name: string;
  /** The tile URL template, {z}/{x}/{y}. */
  tiles: string;
  bounds: [number, number, number, number];
  theme: Theme;
  language?: LabelLanguage;
  /** Put before the glyphs' and sprite's paths (see pageOrigin); root-relative without. */
  origin?: string;
  /** The same map's raster tiles in this theme and language: {z}/{x}/{y}{r}, {r} '' or '@2x'. */
  raster: string;
}): StyleSpecification {
  const origin = options.origin ?? '';
  return {
    version: 8,
    name: `${options.name} (${options.theme})`,
    // The app's light map without WebGL (and before the passenger touches the map) shows these.
    metadata: { 'taxi:raster': options.raster },
    glyphs: `${origin}${GLYPHS_PATH}/{fontstack}/{range}.pbf`,
    sprite: `${origin}${SPRITE_PATH}`,
    // Changes at once: MapLibre's default 300 ms transitions draw a frame every 16 ms meanwhile,
    // each a whole map in a cheap phone's WebGL (15 frames on Home's start, 2 without).
    transition: { duration: 0, delay: 0 },
    sources: {
      osm: {
        type: 'vector',
        tiles: [options.tiles],
        minzoom: MIN_ZOOM,
        maxzoom: MAX_ZOOM,
        bounds: options.bounds,
        attribution: '© OpenStreetMap contributors',
      },
    },
    layers: styleLayers(options.theme, options.language),
  };
}
