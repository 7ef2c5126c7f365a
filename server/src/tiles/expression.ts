/**
 * The style's own expressions (style.ts, labels.ts) evaluated for one feature at one zoom level,
 * so that the raster tiles draw what the MapLibre style draws without a copy of its colours,
 * widths and filters. Only the operators the style uses: another one throws, and the tiles test
 * checks every expression of the style against MapLibre's own evaluation. Also what the drawing
 * reads of a layer: whether it shows at a zoom level, its properties, its features in order.
 */

import type {
  FillLayerSpecification,
  LayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import type { MapLayer } from '../geo/map.ts';
import type { TileFeature, TileLayers } from './tileset.ts';

/** A feature's properties as the tiles carry them (class, brunnel, name …). */
export type Properties = Record<string, unknown>;

/** MapLibre's interpolation between two stops (linear is exponential with base 1). */
function interpolate(base: number, zoom: number, low: number, high: number): number {
  const progress = zoom - low;
  const range = high - low;
  return base === 1 ? progress / range : (base ** progress - 1) / (base ** range - 1);
}

/** The value of `expression` (a constant is itself) for a feature's properties at `zoom`. */
export function evaluate(expression: unknown, zoom: number, properties: Properties): unknown {
  if (!Array.isArray(expression)) return expression;
  // Read in place, without copies: this runs for every feature and paint property of a tile.
  const e = expression as unknown[];
  const value = (i: number) => evaluate(e[i], zoom, properties);
  switch (e[0]) {
    case 'literal':
      return e[1];
    case 'zoom':
      return zoom;
    case 'get':
      return properties[e[1] as string] ?? null;
    case 'has':
      return (e[1] as string) in properties;
    case '==':
      return value(1) === value(2);
    case '!=':
      return value(1) !== value(2);
    case '>=':
      return (value(1) as number) >= (value(2) as number);
    case '!':
      return !value(1);
    case 'all':
      for (let i = 1; i < e.length; i++) if (value(i) !== true) return false;
      return true;
    case 'any':
      for (let i = 1; i < e.length; i++) if (value(i) === true) return true;
      return false;
    case 'in':
      return (value(2) as unknown[]).includes(value(1));
    case 'coalesce':
      for (let i = 1; i < e.length; i++) {
        const result = value(i);
        if (result !== null) return result;
      }
      return null;
    case 'case':
      for (let i = 1; i + 1 < e.length; i += 2) if (value(i) === true) return value(i + 1);
      return value(e.length - 1);
    case 'match': {
      const input = value(1);
      for (let i = 2; i + 1 < e.length; i += 2) {
        const label = e[i];
        if (Array.isArray(label) ? label.includes(input) : label === input) return value(i + 1);
      }
      return value(e.length - 1);
    }
    case 'interpolate': {
      // ['interpolate', type, input, zoom, output, zoom, output …]
      const type = e[1] as [string, number?];
      const at = value(2) as number;
      const last = e.length - 2;
      if (at <= (e[3] as number)) return value(4);
      if (at >= (e[last] as number)) return value(last + 1);
      let i = 3;
      while ((e[i + 2] as number) <= at) i += 2;
      const base = type[0] === 'exponential' ? type[1]! : 1;
      const t = interpolate(base, at, e[i] as number, e[i + 2] as number);
      const [from, to] = [value(i + 1) as number, value(i + 3) as number];
      return from + t * (to - from);
    }
    default:
      throw new Error(`The raster tiles do not evaluate "${String(e[0])}" of the style`);
  }
}

/** The feature properties an expression reads (`get`, `has`). */
function propertiesRead(expression: unknown, names = new Set<string>()): Set<string> {
  if (!Array.isArray(expression)) return names;
  if ((expression[0] === 'get' || expression[0] === 'has') && typeof expression[1] === 'string')
    names.add(expression[1]);
  else for (const part of expression) propertiesRead(part, names);
  return names;
}

/**
 * `expression` at `zoom` as a function of a feature's properties, evaluated once per combination
 * of the properties it reads: a road's width once per class, not for each of a tile's thousands.
 */
export function evaluator(expression: unknown, zoom: number): (properties: Properties) => unknown {
  const names = [...propertiesRead(expression)];
  const values = new Map<string, unknown>();
  return (properties) => {
    let key = '';
    for (const name of names) key += `${name in properties ? properties[name] : '\u0001'}\u0000`;
    if (!values.has(key)) values.set(key, evaluate(expression, zoom, properties));
    return values.get(key);
  };
}

/** A line, area or label layer of the style (what has a source layer). */
export type SourceLayer =
  FillLayerSpecification | LineLayerSpecification | SymbolLayerSpecification;

/** Whether the style draws a layer at `zoom`. */
export function shownAt(layer: LayerSpecification, zoom: number): boolean {
  return zoom >= (layer.minzoom ?? 0) && zoom < (layer.maxzoom ?? 24);
}

/** A layout property of a layer (the style's types keep them per kind of layer). */
export function layoutOf(layer: LayerSpecification, name: string): unknown {
  return (layer.layout as Record<string, unknown> | undefined)?.[name];
}

/** A paint property of a layer, `fallback` where the layer sets none (MapLibre's default). */
export function paintOf(layer: LayerSpecification, name: string, fallback?: unknown): unknown {
  return (layer.paint as Record<string, unknown> | undefined)?.[name] ?? fallback;
}

/**
 * The features of a layer's source layer that pass its filter at `zoom`, in the order it draws
 * (and places) them: by its sort key, else as the tile has them.
 */
export function layerFeatures(layer: SourceLayer, tile: TileLayers, zoom: number): TileFeature[] {
  const all: TileFeature[] = tile[layer['source-layer'] as MapLayer]?.features ?? [];
  const passes = evaluator(layer.filter ?? true, zoom);
  const passing = all.filter((feature) => passes(feature.tags) === true);
  const sortKey = layoutOf(layer, `${layer.type}-sort-key`);
  if (sortKey === undefined) return passing;
  const keyOf = evaluator(sortKey, zoom);
  const keys = new Map(passing.map((f) => [f, keyOf(f.tags) as number]));
  return passing.sort((a, b) => keys.get(a)! - keys.get(b)!);
}
