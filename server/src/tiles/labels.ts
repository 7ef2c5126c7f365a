import type { ExpressionSpecification, LayerSpecification } from '@maplibre/maplibre-gl-style-spec';

/**
 * The map's labels, over everything else: street names along the streets, house numbers close
 * up, notable places with their icon, and the names of towns and districts. Colliding labels are
 * left out (the less important ones first); the passenger's pins are DOM markers above them.
 */

/** The languages the tiles carry names in (`name:pl`, `name:en`) besides `name`. */
export const LABEL_LANGUAGES = ['pl', 'en'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

/** The colours of one theme's labels: text over a halo that sets it apart from the map. */
export interface LabelPalette {
  text: string;
  street: string;
  minor: string;
  halo: string;
}

/** Contrast of text to halo: 12.6 (text), 8.5 (street), 5.7 (minor) in light; 15.3, 11.2, 6.5 dark. */
export const LIGHT_LABELS: LabelPalette = {
  text: '#333333',
  street: '#4d4d4d',
  minor: '#666666',
  halo: '#ffffff',
};
export const DARK_LABELS: LabelPalette = {
  text: '#eceff3',
  street: '#c9ced6',
  minor: '#979ea8',
  halo: '#16191d',
};

const REGULAR = ['Noto Sans Regular'];
const BOLD = ['Noto Sans Bold'];

/** The name in the passenger's language where the extract has it, else the name. */
function nameIn(language: LabelLanguage | undefined): ExpressionSpecification {
  return language ? ['coalesce', ['get', `name:${language}`], ['get', 'name']] : ['get', 'name'];
}

/** Grows with the zoom level: [zoom, size] pairs. */
function growing(...stops: number[]): ExpressionSpecification {
  return ['interpolate', ['linear'], ['zoom'], ...stops] as ExpressionSpecification;
}

/** Which notable places win a collision: lower first. */
const POI_ORDER: ExpressionSpecification = [
  'match',
  ['get', 'class'],
  'airport',
  0,
  'station',
  1,
  'hospital',
  2,
  'taxi',
  3,
  'landmark',
  4,
  5,
];

export function labelLayers(
  palette: LabelPalette,
  language: LabelLanguage | undefined,
): LayerSpecification[] {
  const source = { source: 'osm' };
  const name = nameIn(language);
  const halo = { 'text-halo-color': palette.halo, 'text-halo-blur': 0.5 };
  return [
    {
      id: 'street-label',
      type: 'symbol',
      ...source,
      'source-layer': 'roads',
      minzoom: 13,
      filter: [
        'all',
        ['has', 'name'],
        ['any', ['!=', ['get', 'class'], 'footway'], ['>=', ['zoom'], 16]],
      ],
      layout: {
        'symbol-placement': 'line',
        'text-field': name,
        'text-font': REGULAR,
        'text-size': growing(13, 10, 16, 12, 18, 14),
        'text-max-angle': 45,
        'text-padding': 2,
        'symbol-spacing': 300,
      },
      paint: { 'text-color': palette.street, 'text-halo-width': 1.5, ...halo },
    },
    {
      id: 'housenumber-label',
      type: 'symbol',
      ...source,
      'source-layer': 'housenumber',
      minzoom: 17,
      layout: {
        'text-field': ['get', 'housenumber'],
        'text-font': REGULAR,
        'text-size': 10,
        'text-padding': 2,
      },
      paint: { 'text-color': palette.minor, 'text-halo-width': 1.5, ...halo },
    },
    {
      id: 'poi-label',
      type: 'symbol',
      ...source,
      'source-layer': 'poi',
      layout: {
        'icon-image': ['get', 'class'],
        'icon-size': growing(14, 0.85, 17, 1),
        'text-field': ['coalesce', name, ''],
        'text-font': REGULAR,
        'text-size': growing(14, 10, 18, 12),
        'text-anchor': 'top',
        'text-offset': [0, 0.9],
        'text-max-width': 8,
        'text-optional': true,
        'symbol-sort-key': POI_ORDER,
      },
      paint: { 'text-color': palette.text, 'text-halo-width': 1.5, ...halo },
    },
    {
      id: 'district-label',
      type: 'symbol',
      ...source,
      'source-layer': 'place',
      filter: ['!', ['in', ['get', 'class'], ['literal', ['city', 'town', 'village', 'hamlet']]]],
      layout: {
        'text-field': name,
        'text-font': BOLD,
        'text-size': growing(11, 10, 16, 13),
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.1,
        'text-max-width': 7,
      },
      paint: { 'text-color': palette.minor, 'text-halo-width': 2, ...halo },
    },
    {
      id: 'place-label',
      type: 'symbol',
      ...source,
      'source-layer': 'place',
      filter: ['in', ['get', 'class'], ['literal', ['city', 'town', 'village', 'hamlet']]],
      layout: {
        'text-field': name,
        'text-font': BOLD,
        'text-size': [
          'interpolate',
          ['linear'],
          ['zoom'],
          8,
          ['match', ['get', 'class'], 'city', 14, 'town', 12, 10],
          14,
          ['match', ['get', 'class'], 'city', 20, 'town', 17, 14],
        ],
        'text-max-width': 8,
        'symbol-sort-key': ['match', ['get', 'class'], 'city', 0, 'town', 1, 2],
      },
      paint: { 'text-color': palette.text, 'text-halo-width': 2, ...halo },
    },
  ];
}
