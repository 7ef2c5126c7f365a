import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import { createCanvas, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import {
  evaluate,
  evaluator,
  layerFeatures,
  layoutOf,
  paintOf,
  shownAt,
  type SourceLayer,
} from './expression.ts';
import { drawLabels } from './raster-labels.ts';
import { type Look, lookName, styleLayers } from './style.ts';
import { EXTENT, type TileFeature, type TileLayers } from './tileset.ts';

/**
 * Raster tiles (WebP) of the map for screens without WebGL: the vector tiles' features drawn on a
 * Skia canvas (@napi-rs/canvas) by the MapLibre style's own layers, in its order, with its
 * colours, widths and filters evaluated as MapLibre would (expression.ts), then its labels
 * (raster-labels.ts).
 */

/** Bumped when the drawing changes (not the tiles' data: TILES_VERSION), to outdate caches. */
export const RASTER_VERSION = 2;
/**
 * Lossy WebP at 75: a third of an 8-bit palette PNG's bytes (the densest tile 85 → 32 kB, 300 →
 * 110 kB for a ride's dozen), with labels as legible; 20-30 ms to encode, once per tile.
 */
const WEBP_QUALITY = 75;
/** The deepest raster zoom level; above the vector tiles' MAX_ZOOM the map overzooms. */
export const MAX_RASTER_ZOOM = 18;
/** A raster tile's edge in CSS pixels (the XYZ convention); @2x tiles have twice the pixels. */
const TILE_SIZE = 256;
/** Tile coordinates to CSS pixels. */
const TO_PIXELS = { a: TILE_SIZE / EXTENT, b: 0, c: 0, d: TILE_SIZE / EXTENT, e: 0, f: 0 };

/** The style's layers per look, made once. */
const layersByLook = new Map<string, LayerSpecification[]>();

function layersOf(look: Look): LayerSpecification[] {
  const name = lookName(look);
  let layers = layersByLook.get(name);
  if (!layers) {
    layers = styleLayers(look.theme, look.language);
    layersByLook.set(name, layers);
  }
  return layers;
}

/**
 * An SVG path of a feature's lines or rings (closed) in tile coordinates, '' for a point: whole
 * numbers, quicker to write and parse than pixels.
 */
function svgPath(feature: TileFeature): string {
  if (feature.type === 1) return '';
  let path = '';
  for (const ring of feature.geometry) {
    for (let i = 0; i < ring.length; i++)
      path += `${i === 0 ? 'M' : 'L'}${ring[i]![0]} ${ring[i]![1]}`;
    if (feature.type === 3) path += 'Z';
  }
  return path;
}

/**
 * Draws features in their order, each run of features that look the same (`paint`: the values
 * they are drawn with) as one path: a layer's thousands of buildings or streets of one class
 * are a handful of canvas calls.
 */
function drawInRuns<T extends unknown[]>(
  features: TileFeature[],
  paint: (feature: TileFeature) => T,
  draw: (path: Path2D, values: T) => void,
): void {
  let values: T | undefined;
  let path = '';
  const flush = () => {
    if (path && values) draw(new Path2D(path).transform(TO_PIXELS), values);
    path = '';
  };
  for (const feature of features) {
    const next = paint(feature);
    if (!values || next.some((value, i) => value !== values![i])) flush();
    values = next;
    path += svgPath(feature);
  }
  flush();
}

function drawFills(
  ctx: SKRSContext2D,
  layer: SourceLayer,
  features: TileFeature[],
  zoom: number,
  ratio: number,
): void {
  const areas = features.filter((feature) => feature.type === 3);
  const [colourOf, opacityOf, outlineOf] = [
    evaluator(paintOf(layer, 'fill-color'), zoom),
    evaluator(paintOf(layer, 'fill-opacity', 1), zoom),
    evaluator(paintOf(layer, 'fill-outline-color'), zoom),
  ];
  const paint = ({ tags }: TileFeature): [string, number, string | undefined] => [
    colourOf(tags) as string,
    opacityOf(tags) as number,
    outlineOf(tags) as string | undefined,
  ];
  drawInRuns(areas, paint, (path, [colour, opacity, outline]) => {
    ctx.globalAlpha = opacity;
    ctx.fillStyle = colour;
    ctx.fill(path);
    if (!outline) return;
    // MapLibre outlines an area with a line of one device pixel.
    ctx.lineWidth = 1 / ratio;
    ctx.strokeStyle = outline;
    ctx.stroke(path);
  });
}

function drawLines(
  ctx: SKRSContext2D,
  layer: SourceLayer,
  features: TileFeature[],
  zoom: number,
): void {
  // Line widths and dashes (in widths) as MapLibre's, in CSS pixels.
  const dashes = (paintOf(layer, 'line-dasharray') as number[] | undefined) ?? [];
  ctx.lineCap = (layoutOf(layer, 'line-cap') as SKRSContext2D['lineCap'] | undefined) ?? 'butt';
  ctx.lineJoin = (layoutOf(layer, 'line-join') as SKRSContext2D['lineJoin'] | undefined) ?? 'miter';
  const lines = features.filter((feature) => feature.type !== 1);
  const [colourOf, widthOf, opacityOf] = [
    evaluator(paintOf(layer, 'line-color'), zoom),
    evaluator(paintOf(layer, 'line-width', 1), zoom),
    evaluator(paintOf(layer, 'line-opacity', 1), zoom),
  ];
  const paint = ({ tags }: TileFeature): [string, number, number] => [
    colourOf(tags) as string,
    widthOf(tags) as number,
    opacityOf(tags) as number,
  ];
  drawInRuns(lines, paint, (path, [colour, width, opacity]) => {
    ctx.globalAlpha = opacity;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dashes.map((dash) => dash * width));
    ctx.stroke(path);
  });
  ctx.setLineDash([]);
}

/**
 * A raster tile (WebP) of zoom `z` from its features (geojson-vt's, tile coordinates): 256 px,
 * or 512 at `ratio` 2. A tile of 256 CSS px at zoom z shows what MapLibre's 512-px tiles show at
 * z - 1, so the style is evaluated at z - 1: the same widths, sizes and layers per ground scale.
 */
export async function drawTile(
  tile: TileLayers,
  options: { z: number; ratio: 1 | 2; look: Look },
): Promise<Buffer> {
  const { z, ratio, look } = options;
  const zoom = z - 1;
  const canvas = createCanvas(TILE_SIZE * ratio, TILE_SIZE * ratio);
  const ctx = canvas.getContext('2d');
  ctx.scale(ratio, ratio);
  const labels: SourceLayer[] = [];
  for (const layer of layersOf(look)) {
    if (!shownAt(layer, zoom)) continue;
    if (layer.type === 'background') {
      ctx.fillStyle = evaluate(paintOf(layer, 'background-color'), zoom, {}) as string;
      ctx.fillRect(0, 0, TILE_SIZE, TILE_SIZE);
    } else if (layer.type === 'fill') {
      drawFills(ctx, layer, layerFeatures(layer, tile, zoom), zoom, ratio);
    } else if (layer.type === 'line') {
      drawLines(ctx, layer, layerFeatures(layer, tile, zoom), zoom);
    } else if (layer.type === 'symbol') {
      labels.push(layer);
    }
  }
  ctx.globalAlpha = 1;
  drawLabels(ctx, labels, tile, { zoom, size: TILE_SIZE });
  return canvas.encode('webp', WEBP_QUALITY);
}
