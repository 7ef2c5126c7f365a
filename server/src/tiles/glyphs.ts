import { createRequire } from 'node:module';
import path from 'node:path';
import TinySDF from '@mapbox/tiny-sdf';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PbfWriter } from 'pbf';
import { GLYPHS_PATH } from '@taxi/contract/tile-paths';

/**
 * The map's label glyphs (MapLibre `glyphs`, /tiles/fonts/{fontstack}/{range}.pbf): signed
 * distance fields of Noto Sans (its TTFs come with @expo-google-fonts/noto-sans), drawn by
 * tiny-sdf on a Skia canvas (@napi-rs/canvas, a binary of its own npm package), 24 px with a
 * 3 px buffer as MapLibre expects. Each range is made when first asked for and kept on disk.
 */

const FONT_SIZE = 24;
const BUFFER = 3;

const require = createRequire(import.meta.url);
const FONT_DIR = path.dirname(require.resolve('@expo-google-fonts/noto-sans/package.json'));

/** The font stacks the style names, by their name in the glyphs URL. */
export const FONTS: Record<string, string> = {
  'Noto Sans Regular': '400Regular/NotoSans_400Regular.ttf',
  'Noto Sans Bold': '700Bold/NotoSans_700Bold.ttf',
};

/**
 * The ranges drawn (first code points): Latin with its extensions (Polish, Czech …), Greek,
 * Cyrillic and general punctuation. Other ranges are answered without glyphs.
 */
const DRAWN = new Set([0, 256, 512, 768, 1024, 1280, 7680, 7936, 8192]);

/** "0-255" → 0, or undefined when it is not a range of 256 code points up to U+FFFF. */
export function rangeStart(range: string): number | undefined {
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(range);
  if (!match) return undefined;
  const [start, end] = [Number(match[1]), Number(match[2])];
  return start % 256 === 0 && end === start + 255 && end <= 0xffff ? start : undefined;
}

/** The font of a stack (a comma-separated list: its first font the server has), if any. */
export function stackFont(stack: string): string | undefined {
  return stack
    .split(',')
    .map((name) => name.trim())
    .find((name) => Object.hasOwn(FONTS, name));
}

class CanvasSDF extends TinySDF {
  _createCanvas(size: number) {
    return createCanvas(size, size);
  }
}

/** Code points drawn: not control characters, not surrogates. */
function drawable(code: number): boolean {
  return code >= 32 && !(code >= 127 && code < 160) && !(code >= 0xd800 && code < 0xe000);
}

/** The glyph PBF of one font and range (fontstacks → stacks → glyphs). */
export function drawRange(font: string, start: number): Buffer {
  const sdf = DRAWN.has(start) ? sdfOf(font) : undefined;
  const pbf = new PbfWriter();
  pbf.writeMessage(
    1,
    (_: undefined, out: PbfWriter) => {
      out.writeStringField(1, font);
      out.writeStringField(2, `${start}-${start + 255}`);
      for (let code = start; sdf && code <= start + 255; code++) {
        if (!drawable(code)) continue;
        const glyph = sdf.draw(String.fromCodePoint(code));
        out.writeMessage(
          3,
          (__: undefined, g: PbfWriter) => {
            g.writeVarintField(1, code);
            if (glyph.glyphWidth > 0 && glyph.glyphHeight > 0)
              g.writeBytesField(2, Uint8Array.from(glyph.data));
            g.writeVarintField(3, glyph.glyphWidth);
            g.writeVarintField(4, glyph.glyphHeight);
            g.writeSVarintField(5, glyph.glyphLeft);
            // MapLibre's glyph top is measured from the font's ascent (as its own local glyphs).
            g.writeSVarintField(6, glyph.glyphTop - 27);
            g.writeVarintField(7, Math.round(glyph.glyphAdvance));
          },
          undefined,
        );
      }
    },
    undefined,
  );
  return Buffer.from(pbf.finish());
}

const registered = new Set<string>();

/** The canvas font family of a font of FONTS (its TTF registered with Skia on first use). */
export function fontFamily(font: string): string {
  const family = `Taxi ${font}`;
  if (!registered.has(font)) {
    GlobalFonts.registerFromPath(path.join(FONT_DIR, FONTS[font]!), family);
    registered.add(font);
  }
  return family;
}

const generators = new Map<string, CanvasSDF>();

function sdfOf(font: string): CanvasSDF {
  let sdf = generators.get(font);
  if (!sdf) {
    sdf = new CanvasSDF({
      fontSize: FONT_SIZE,
      buffer: BUFFER,
      radius: 8,
      cutoff: 0.25,
      fontFamily: `"${fontFamily(font)}"`,
    });
    generators.set(font, sdf);
  }
  return sdf;
}

/** The cache file of a font's range, under DATA_DIR (outdated with GLYPHS_VERSION). */
export function glyphFile(font: string, start: number): string {
  return `${GLYPHS_PATH}/${font}/${start}-${start + 255}.pbf`;
}
