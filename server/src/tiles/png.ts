import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * An opaque canvas as a PNG of 256 colours. A map is mostly flat areas of a few dozen colours, so
 * the 256 most frequent colours keep every one of them (and the commonest edge blends) and the
 * rarer blends take the nearest: a third of the bytes of Skia's 32-bit PNG, and it looks the
 * same. The deflate runs in libuv's pool.
 */

const deflate = promisify(zlib.deflate);

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const PALETTE = 256;
/**
 * Colours are counted by their top 6 bits a channel, in 2^18 buckets (a table, not a hash):
 * each bucket is drawn in the first colour seen in it, at most 3 steps a channel from the others.
 */
const BUCKETS = 1 << 18;
/** Per bucket, reused from tile to tile (counting is synchronous): pixels, first colour, index. */
const counts = new Uint32Array(BUCKETS);
const firstColours = new Int32Array(BUCKETS);
const indexes = new Uint8Array(BUCKETS);

/** The bucket of a pixel (RGBA bytes read as a little-endian number). */
function bucketOf(pixel: number): number {
  return ((pixel >> 2) & 0x3f) | ((pixel >> 4) & 0xfc0) | ((pixel >> 6) & 0x3f000);
}

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Squared distance of two colours (0xBBGGRR), weighted as the eye tells them apart. */
function distance(a: number, b: number): number {
  const red = (a & 255) - (b & 255);
  const green = ((a >> 8) & 255) - ((b >> 8) & 255);
  const blue = ((a >> 16) & 255) - ((b >> 16) & 255);
  return 2 * red * red + 4 * green * green + 3 * blue * blue;
}

/** The pixels as palette indexes, each row after its filter byte (0: none, best for palettes). */
function quantize(pixels: Uint32Array, width: number): { rows: Buffer; palette: number[] } {
  const used: number[] = [];
  // Runs of one colour are the rule: a pixel like the one before costs no lookup.
  let previous = -1;
  let bucket = 0;
  for (const pixel of pixels) {
    if (pixel !== previous) {
      bucket = bucketOf(pixel);
      if (counts[bucket] === 0) {
        firstColours[bucket] = pixel & 0xffffff;
        used.push(bucket);
      }
      previous = pixel;
    }
    counts[bucket]!++;
  }
  used.sort((a, b) => counts[b]! - counts[a]!);
  const palette = used.slice(0, PALETTE).map((b) => firstColours[b]!);
  // Plain loops from here: they run for every rare colour and every pixel.
  for (let rank = 0; rank < used.length; rank++) {
    const b = used[rank]!;
    counts[b] = 0;
    if (rank < PALETTE) {
      indexes[b] = rank;
      continue;
    }
    const colour = firstColours[b]!;
    let best = 0;
    let nearest = Infinity;
    for (let i = 0; i < palette.length; i++) {
      const d = distance(colour, palette[i]!);
      if (d < nearest) {
        best = i;
        nearest = d;
      }
    }
    indexes[b] = best;
  }
  const rows = Buffer.alloc(pixels.length + pixels.length / width);
  previous = -1;
  let index = 0;
  let at = 0;
  for (let i = 0; i < pixels.length; i++) {
    if (i % width === 0) rows[at++] = 0;
    const pixel = pixels[i]!;
    if (pixel !== previous) {
      index = indexes[bucketOf(pixel)]!;
      previous = pixel;
    }
    rows[at++] = index;
  }
  return { rows, palette };
}

/** The PNG (8-bit palette) of `rgba`, `width` × `height` opaque pixels. */
export async function palettePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const { rows, palette } = quantize(
    new Uint32Array(rgba.buffer, rgba.byteOffset, width * height),
    width,
  );
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = 3; // colour type: palette
  const entries = Buffer.alloc(palette.length * 3);
  palette.forEach((colour, i) =>
    entries.set([colour & 255, (colour >> 8) & 255, colour >> 16], i * 3),
  );
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', entries),
    chunk('IDAT', await deflate(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
