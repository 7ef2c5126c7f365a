import { parentPort } from 'node:worker_threads';
import type { DrawResult, DrawTask } from './draw-pool.ts';
import { drawTile } from './raster.ts';

/** A thread of DrawPool: draws the tiles it is sent, one answer each. */
parentPort!.on('message', async ({ id, tile, options }: DrawTask) => {
  let result: DrawResult;
  try {
    const picture = await drawTile(tile, options);
    // The encoder's Buffer is the native library's memory, which cannot be moved: it is copied
    // here, off the event loop, into one that can.
    result = { id, picture: new Uint8Array(picture).buffer };
  } catch (error) {
    // An Error crosses as a copy of itself (its class, message and stack).
    result = { id, error: error as Error };
  }
  parentPort!.postMessage(result, 'picture' in result ? [result.picture] : []);
});
