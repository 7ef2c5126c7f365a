import type { SKRSContext2D } from '@napi-rs/canvas';
import {
  evaluate,
  layerFeatures,
  layoutOf,
  paintOf,
  type Properties,
  type SourceLayer,
} from './expression.ts';
import { fontFamily, stackFont } from './glyphs.ts';
import { drawIcon, ICON_SIZE } from './sprite.ts';
import { EXTENT, type TileFeature, type TileLayers } from './tileset.ts';

/**
 * The labels of a raster tile, placed as MapLibre places the style's symbol layers: the top
 * layer first (town names, districts, notable places, house numbers, then streets), by sort key
 * within a layer, each left out where its box would touch one already placed. Only labels whose
 * box lies wholly inside the tile are drawn: the tile next door knows nothing of a label cut by
 * the edge. Street names follow their street, glyph by glyph where it bends.
 */

/** Labels keep this far (CSS px) from the tile's edges. */
const EDGE = 2;
/** As MapLibre: line height (ems); defaults of text-max-width (ems), text-padding (px). */
const LINE_HEIGHT = 1.2;
const MAX_WIDTH = 10;
const PADDING = 2;
/** MapLibre's default text-max-angle: the most a line label turns from glyph to glyph. */
const MAX_ANGLE = (45 * Math.PI) / 180;
/** A street name bending less than this (radians) is drawn as one piece of text. */
const STRAIGHT = (3 * Math.PI) / 180;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How a label's text is drawn. */
interface TextStyle {
  /** A canvas font. */
  font: string;
  size: number;
  /** Letter spacing in pixels. */
  spacing: number;
  colour: string;
  halo: string;
  haloWidth: number;
}

/** A feature's label as its layer draws it (CSS px). */
interface Label {
  /** '' for none. */
  text: string;
  style: TextStyle;
  /** Room kept free around it. */
  padding: number;
  /** A point label's lines are wrapped at this width. */
  maxWidth: number;
  /** A point label's text: centred this far below the point, or its top there (under an icon). */
  offset: number;
  textUnder: boolean;
  /** A notable place's icon; drawn without the text where the text does not fit if optional. */
  icon: { name: string; size: number } | undefined;
  textOptional: boolean;
}

/** The boxes of the labels placed so far, with their padding. */
class Placed {
  readonly #boxes: Box[] = [];
  readonly #size: number;

  constructor(size: number) {
    this.#size = size;
  }

  /** Whether `boxes` lie inside the tile and clear of every placed label by `padding`. */
  fits(boxes: Box[], padding: number): boolean {
    const [low, high] = [EDGE, this.#size - EDGE];
    return boxes.every(
      (box) =>
        box.left >= low &&
        box.top >= low &&
        box.right <= high &&
        box.bottom <= high &&
        !this.#boxes.some(
          (other) =>
            box.left - padding < other.right &&
            box.right + padding > other.left &&
            box.top - padding < other.bottom &&
            box.bottom + padding > other.top,
        ),
    );
  }

  add(boxes: Box[], padding: number): void {
    for (const box of boxes)
      this.#boxes.push({
        left: box.left - padding,
        top: box.top - padding,
        right: box.right + padding,
        bottom: box.bottom + padding,
      });
  }
}

/** A glyph's advance (with the letter spacing, set on the canvas) per font, measured once. */
const advances = new Map<string, number>();

function advance(ctx: SKRSContext2D, style: TextStyle, glyph: string): number {
  const key = `${style.font}\u0000${style.spacing}\u0000${glyph}`;
  let width = advances.get(key);
  if (width === undefined) {
    width = ctx.measureText(glyph).width;
    advances.set(key, width);
  }
  return width;
}

/** Text over its halo; rotated by `angle` around x, y (its centre). */
function drawText(
  ctx: SKRSContext2D,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  pass: 'halo' | 'text',
  angle = 0,
): void {
  ctx.save();
  ctx.translate(x, y);
  if (angle) ctx.rotate(angle);
  if (pass === 'halo') {
    ctx.lineWidth = style.haloWidth * 2;
    ctx.strokeStyle = style.halo;
    ctx.strokeText(text, 0, 0);
  } else {
    ctx.fillStyle = style.colour;
    ctx.fillText(text, 0, 0);
  }
  ctx.restore();
}

/** Words in lines of at most `width` pixels (a longer word keeps a line of its own). */
function wrap(ctx: SKRSContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && ctx.measureText(`${last} ${word}`).width <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A point label: its icon if any, its text centred on the point or under the icon. */
function placePoint(ctx: SKRSContext2D, placed: Placed, [x, y]: [number, number], label: Label) {
  const { style, icon } = label;
  const { size, haloWidth } = style;
  const lines = label.text ? wrap(ctx, label.text, label.maxWidth) : [];
  const width = Math.max(0, ...lines.map((line) => ctx.measureText(line).width));
  const height = lines.length * LINE_HEIGHT * size;
  const top = y + label.offset - (label.textUnder ? 0 : height / 2);
  const textBox = {
    left: x - width / 2 - haloWidth,
    right: x + width / 2 + haloWidth,
    top: top - haloWidth,
    bottom: top + height + haloWidth,
  };
  const half = (icon?.size ?? 0) / 2;
  const iconBox = { left: x - half, right: x + half, top: y - half, bottom: y + half };
  const boxes = [...(icon ? [iconBox] : []), ...(lines.length > 0 ? [textBox] : [])];
  if (boxes.length === 0) return;
  let drawn = boxes;
  if (!placed.fits(boxes, label.padding)) {
    if (!icon || !label.textOptional || !placed.fits([iconBox], label.padding)) return;
    drawn = [iconBox];
  }
  placed.add(drawn, label.padding);
  if (icon) drawIcon(ctx, icon.name, iconBox.left, iconBox.top, icon.size);
  if (!drawn.includes(textBox)) return;
  for (const pass of ['halo', 'text'] as const)
    lines.forEach((line, i) =>
      drawText(ctx, line, x, top + (i + 0.5) * LINE_HEIGHT * size, style, pass),
    );
}

/** Points along a line: where each of a label's glyphs sits, and the line's angle there. */
interface GlyphSpot {
  glyph: string;
  x: number;
  y: number;
  angle: number;
}

/** Distance along a polyline from its start, per point. */
function distances(points: [number, number][]): number[] {
  const out = [0];
  for (let i = 1; i < points.length; i++) {
    const [[x0, y0], [x1, y1]] = [points[i - 1]!, points[i]!];
    out.push(out[i - 1]! + Math.hypot(x1 - x0, y1 - y0));
  }
  return out;
}

/** Where a label's glyphs sit, centred at `centre` along the line; undefined where it bends. */
function spotsAlong(
  points: [number, number][],
  along: number[],
  glyphs: string[],
  widths: number[],
  centre: number,
): GlyphSpot[] | undefined {
  const total = widths.reduce((sum, width) => sum + width, 0);
  const spots: GlyphSpot[] = [];
  let at = centre - total / 2;
  let segment = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const middle = at + widths[i]! / 2;
    at += widths[i]!;
    while (segment < points.length - 2 && along[segment + 1]! < middle) segment++;
    const [[x0, y0], [x1, y1]] = [points[segment]!, points[segment + 1]!];
    const length = along[segment + 1]! - along[segment]!;
    const t = length > 0 ? (middle - along[segment]!) / length : 0;
    const angle = Math.atan2(y1 - y0, x1 - x0);
    const previous = spots.at(-1);
    if (previous && Math.abs(turn(previous.angle, angle)) > MAX_ANGLE) return undefined;
    spots.push({ glyph: glyphs[i]!, x: x0 + t * (x1 - x0), y: y0 + t * (y1 - y0), angle });
  }
  return spots;
}

/** The turn from one direction to another, in -π..π. */
function turn(from: number, to: number): number {
  return Math.atan2(Math.sin(to - from), Math.cos(to - from));
}

/**
 * A label along a line (a street's name), reading left to right, at the first spot from the
 * line's middle outwards where it fits; false when none.
 */
function placeAlong(
  ctx: SKRSContext2D,
  placed: Placed,
  line: [number, number][],
  label: Label,
): boolean {
  const { text, style, padding } = label;
  const glyphs = [...text];
  const widths = glyphs.map((glyph) => advance(ctx, style, glyph));
  const total = widths.reduce((sum, width) => sum + width, 0);
  const forward = distances(line);
  const length = forward.at(-1)!;
  if (length < total) return false;
  const backward = distances([...line].reverse());
  const step = style.size * 2;
  // From the middle outwards: 0, +step, -step, +2 steps …
  for (
    let shift = 0;
    Math.abs(shift) <= (length - total) / 2;
    shift = shift > 0 ? -shift : step - shift
  ) {
    let spots = spotsAlong(line, forward, glyphs, widths, length / 2 + shift);
    // Upside down: the same place from the line's other end.
    if (spots && spots.at(-1)!.x < spots[0]!.x)
      spots = spotsAlong([...line].reverse(), backward, glyphs, widths, length / 2 - shift);
    if (!spots) continue;
    // A square around each glyph, whichever way it is turned.
    const boxes = spots.map(({ x, y }, i) => {
      const reach = Math.max(style.size, widths[i]!) / 2 + style.haloWidth;
      return { left: x - reach, right: x + reach, top: y - reach, bottom: y + reach };
    });
    if (!placed.fits(boxes, padding)) continue;
    placed.add(boxes, padding);
    drawAlong(ctx, spots, text, style);
    return true;
  }
  return false;
}

function drawAlong(ctx: SKRSContext2D, spots: GlyphSpot[], text: string, style: TextStyle): void {
  const [first, last] = [spots[0]!, spots.at(-1)!];
  const chord = Math.atan2(last.y - first.y, last.x - first.x);
  // Straight enough: one piece of text, kerned as the font wants.
  if (spots.every((spot) => Math.abs(turn(chord, spot.angle)) < STRAIGHT)) {
    const middle = { x: (first.x + last.x) / 2, y: (first.y + last.y) / 2 };
    for (const pass of ['halo', 'text'] as const)
      drawText(ctx, text, middle.x, middle.y, style, pass, chord);
    return;
  }
  // Every halo before any glyph, so that no halo covers a neighbouring glyph.
  ctx.letterSpacing = '0px';
  for (const pass of ['halo', 'text'] as const)
    for (const spot of spots) drawText(ctx, spot.glyph, spot.x, spot.y, style, pass, spot.angle);
}

/** A feature's label as `layer` draws it at `zoom`. */
function labelOf(layer: SourceLayer, tags: Properties, zoom: number): Label {
  const layout = (name: string) => evaluate(layoutOf(layer, name), zoom, tags);
  const paint = (name: string, fallback?: unknown) =>
    evaluate(paintOf(layer, name, fallback), zoom, tags);
  const field = layout('text-field');
  const text = typeof field === 'string' ? field : '';
  const size = layout('text-size') as number;
  const font = stackFont(((layoutOf(layer, 'text-font') as string[] | undefined) ?? []).join(','));
  if (!font) throw new Error(`The raster tiles have no font of the style's ${layer.id}`);
  const icon = layout('icon-image') as string | null | undefined;
  const [, offset] = (layoutOf(layer, 'text-offset') as [number, number] | undefined) ?? [0, 0];
  return {
    text: layout('text-transform') === 'uppercase' ? text.toUpperCase() : text,
    style: {
      font: `${size}px "${fontFamily(font)}"`,
      size,
      spacing: ((layout('text-letter-spacing') as number | undefined) ?? 0) * size,
      colour: paint('text-color') as string,
      halo: paint('text-halo-color') as string,
      haloWidth: paint('text-halo-width', 0) as number,
    },
    padding: (layout('text-padding') as number | undefined) ?? PADDING,
    maxWidth: ((layout('text-max-width') as number | undefined) ?? MAX_WIDTH) * size,
    offset: offset * size,
    textUnder: layout('text-anchor') === 'top',
    icon: icon
      ? { name: icon, size: ICON_SIZE * ((layout('icon-size') as number | undefined) ?? 1) }
      : undefined,
    textOptional: layout('text-optional') === true,
  };
}

/** The first point of a point feature, in CSS pixels. */
function pointOf(feature: TileFeature & { type: 1 }, scale: number): [number, number] {
  const [x, y] = feature.geometry[0]!;
  return [x * scale, y * scale];
}

/** Draws the labels of the symbol layers (those shown at `zoom`) of a tile `size` CSS px wide. */
export function drawLabels(
  ctx: SKRSContext2D,
  layers: SourceLayer[],
  tile: TileLayers,
  options: { zoom: number; size: number },
): void {
  const { zoom, size } = options;
  const scale = size / EXTENT;
  const placed = new Placed(size);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const layer of [...layers].reverse()) {
    const alongLines = layoutOf(layer, 'symbol-placement') === 'line';
    // One name per street and tile: a street cut into pieces is named once.
    const named = new Set<string>();
    for (const feature of layerFeatures(layer, tile, zoom)) {
      const label = labelOf(layer, feature.tags, zoom);
      ctx.font = label.style.font;
      ctx.letterSpacing = `${label.style.spacing}px`;
      if (feature.type === 1) {
        if (!alongLines) placePoint(ctx, placed, pointOf(feature, scale), label);
        continue;
      }
      if (!alongLines || !label.text || named.has(label.text)) continue;
      for (const line of feature.geometry) {
        const points = line.map(([x, y]): [number, number] => [x * scale, y * scale]);
        if (placeAlong(ctx, placed, points, label)) {
          named.add(label.text);
          break;
        }
      }
    }
  }
}
