/**
 * The style's own expressions (style.ts, labels.ts) evaluated for one feature at one zoom level by
 * MapLibre's style specification package, so that the raster tiles draw what the MapLibre style
 * draws without a copy of its colours, widths and filters. Also what the drawing reads of a
 * layer: whether it shows at a zoom level, its properties, its features in order.
 */

import {
  createExpression,
  type FillLayerSpecification,
  type LayerSpecification,
  type LineLayerSpecification,
  type StyleExpression,
  type SymbolLayerSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import type { MapLayer } from '../geo/map.ts';
import type { TileFeature, TileLayers } from './tileset.ts';

/** A feature's properties as the tiles carry them (class, brunnel, name …). */
export type Properties = Record<string, unknown>;

/** Each expression of the style compiled once by MapLibre's own parser. */
const compiled = new WeakMap<object, StyleExpression>();

/** The value of `expression` (a constant is itself) for a feature's properties at `zoom`. */
export function evaluate(expression: unknown, zoom: number, properties: Properties): unknown {
  if (!Array.isArray(expression)) return expression;
  let style = compiled.get(expression);
  if (!style) {
    const parsed = createExpression(expression);
    if (parsed.result === 'error')
      throw new Error(
        `The style's expression ${JSON.stringify(expression).slice(0, 200)}: ${parsed.value.map((error) => error.message).join('; ')}`,
      );
    compiled.set(expression, (style = parsed.value));
  }
  return style.evaluate({ zoom }, { type: 'Unknown', properties });
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
