import { parentPort } from 'node:worker_threads';
import type { DrawResult, DrawTask } from './draw-pool.ts';
import { drawTile } from './raster.ts';

/** A thread of DrawPool: draws the tiles it is sent, one answer each. */
parentPort!.on('message', async ({ id, tile, options }: DrawTask) => {
  let result: DrawResult;
  try {
    const png = await drawTile(tile, options);
    // A small PNG (under half Buffer.poolSize) lies in Node's shared pool, which cannot be moved:
    // it is copied here, off the event loop; a larger one owns its ArrayBuffer.
    const own = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength;
    result = { id, png: own ? (png.buffer as ArrayBuffer) : new Uint8Array(png).buffer };
  } catch (error) {
    // An Error crosses as a copy of itself (its class, message and stack).
    result = { id, error: error as Error };
  }
  parentPort!.postMessage(result, 'png' in result ? [result.png] : []);
});
