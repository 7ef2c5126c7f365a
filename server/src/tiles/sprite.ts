import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * The map's icons (MapLibre `sprite`, /tiles/sprite.json and .png, @2x for dense screens): a
 * round badge per kind of notable place, drawn here with canvas paths so that nothing is
 * downloaded; the PNG and its index are made once and kept on disk (DiskCache).
 */

/** An icon's size in CSS pixels (icon-size 1). */
export const ICON_SIZE = 18;

type Draw = (ctx: SKRSContext2D) => void;

/** Pictograms on a 24-unit square, drawn in white over the badge. */
const PICTOGRAMS: Record<string, { colour: string; draw: Draw }> = {
  hospital: {
    colour: '#d32f2f',
    draw: (ctx) => {
      ctx.fillRect(10, 5, 4, 14);
      ctx.fillRect(5, 10, 14, 4);
    },
  },
  station: {
    colour: '#1565c0',
    draw: (ctx) => {
      ctx.beginPath();
      ctx.roundRect(7, 4, 10, 13, 2.5);
      ctx.fill();
      ctx.fillRect(7, 18, 2, 3);
      ctx.fillRect(15, 18, 2, 3);
    },
  },
  airport: {
    colour: '#3949ab',
    draw: (ctx) => {
      ctx.beginPath();
      for (const [x, y] of [
        [12, 3],
        [13.5, 9],
        [21, 13],
        [13.5, 12],
        [13, 18],
        [16, 21],
        [8, 21],
        [11, 18],
        [10.5, 12],
        [3, 13],
        [10.5, 9],
      ] as const)
        ctx.lineTo(x, y);
      ctx.closePath();
      ctx.fill();
    },
  },
  taxi: {
    colour: '#f9a825',
    draw: (ctx) => {
      ctx.beginPath();
      ctx.moveTo(7, 11);
      ctx.lineTo(9, 6);
      ctx.lineTo(15, 6);
      ctx.lineTo(17, 11);
      ctx.closePath();
      ctx.fill();
      ctx.beginPath();
      ctx.roundRect(4, 11, 16, 6, 1.5);
      ctx.fill();
      ctx.fillRect(6, 17, 3, 2.5);
      ctx.fillRect(15, 17, 3, 2.5);
    },
  },
  hotel: {
    colour: '#8e24aa',
    draw: (ctx) => {
      ctx.fillRect(4, 6, 2.5, 13);
      ctx.fillRect(4, 13, 16, 3);
      ctx.fillRect(17.5, 13, 2.5, 6);
      ctx.beginPath();
      ctx.roundRect(10, 9, 10, 4, 1.5);
      ctx.fill();
      ctx.beginPath();
      ctx.arc(8.5, 10.5, 2, 0, Math.PI * 2);
      ctx.fill();
    },
  },
  landmark: {
    colour: '#8d6e63',
    draw: (ctx) => {
      ctx.beginPath();
      for (let i = 0; i < 10; i++) {
        const radius = i % 2 === 0 ? 8 : 3.4;
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        ctx.lineTo(12 + radius * Math.cos(angle), 12.5 + radius * Math.sin(angle));
      }
      ctx.closePath();
      ctx.fill();
    },
  },
};

/** The icon names the style may use. */
export const ICONS = Object.keys(PICTOGRAMS);

/** Draws icon `name` (one of ICONS) `size` pixels wide with its top left corner at x, y. */
export function drawIcon(
  ctx: SKRSContext2D,
  name: string,
  x: number,
  y: number,
  size: number,
): void {
  const { colour, draw } = PICTOGRAMS[name]!;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 24, size / 24);
  // A white ring keeps the badge apart from any map colour, light or dark.
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(12, 12, 12, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(12, 12, 10.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = name === 'taxi' ? '#212121' : '#ffffff';
  draw(ctx);
  ctx.restore();
}

export interface Sprite {
  json: Buffer;
  png: Buffer;
}

/** The sprite at a pixel ratio (1 or 2): the icons side by side. */
export function drawSprite(ratio: 1 | 2): Sprite {
  const size = ICON_SIZE * ratio;
  const canvas = createCanvas(size * ICONS.length, size);
  const ctx = canvas.getContext('2d');
  const index: Record<string, object> = {};
  ICONS.forEach((name, i) => {
    drawIcon(ctx, name, i * size, 0, size);
    index[name] = { x: i * size, y: 0, width: size, height: size, pixelRatio: ratio };
  });
  return { json: Buffer.from(JSON.stringify(index)), png: canvas.toBuffer('image/png') };
}
