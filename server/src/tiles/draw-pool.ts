import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { drawTile } from './raster.ts';
import type { Look } from './style.ts';
import type { TileLayers } from './tileset.ts';

/**
 * Raster tiles drawn in worker threads: a tile takes 10-100 ms of CPU, which on the event loop
 * would hold up every other request meanwhile (a browser asks for a dozen tiles at once).
 */

export interface DrawTask {
  id: number;
  tile: TileLayers;
  options: { z: number; ratio: 1 | 2; look: Look };
}

/** A worker's answer: the picture's bytes (moved, not copied), or the error that stopped it. */
export type DrawResult = { id: number; picture: ArrayBuffer } | { id: number; error: Error };

/** One core is left to the event loop; beyond 4 threads a burst of tiles gains little. */
export function defaultDrawWorkers(): number {
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

interface Thread {
  worker: Worker;
  tasks: Map<number, { resolve: (picture: Buffer) => void; reject: (error: Error) => void }>;
}

export class DrawPool {
  readonly #size: number;
  readonly #entry: URL;
  readonly #threads: Thread[] = [];
  #lastId = 0;

  /** `size` threads (0: draw on the event loop) running `entry` (a test's may crash). */
  constructor(size: number, entry = new URL('./draw-worker.ts', import.meta.url)) {
    this.#size = size;
    this.#entry = entry;
  }

  draw(tile: TileLayers, options: DrawTask['options']): Promise<Buffer> {
    if (this.#size === 0) return drawTile(tile, options);
    // Started on the first drawing (a server that never draws starts none), again after a crash.
    while (this.#threads.length < this.#size) this.#threads.push(this.#start());
    const thread = this.#threads.reduce((a, b) => (b.tasks.size < a.tasks.size ? b : a));
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      thread.worker.postMessage({ id, tile, options } satisfies DrawTask);
      thread.tasks.set(id, { resolve, reject });
      // Kept alive while it has work only: an idle pool never holds the process open.
      thread.worker.ref();
    });
  }

  #start(): Thread {
    const thread: Thread = { worker: new Worker(this.#entry), tasks: new Map() };
    thread.worker.unref();
    thread.worker.on('message', (result: DrawResult) => {
      const task = thread.tasks.get(result.id);
      thread.tasks.delete(result.id);
      if (thread.tasks.size === 0) thread.worker.unref();
      if ('picture' in result) task?.resolve(Buffer.from(result.picture));
      else task?.reject(result.error);
    });
    // A thread that crashed fails its own tiles only; the next drawing starts another.
    const fail = (error: Error) => {
      const at = this.#threads.indexOf(thread);
      if (at >= 0) this.#threads.splice(at, 1);
      for (const task of thread.tasks.values()) task.reject(error);
      thread.tasks.clear();
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => fail(new Error(`raster worker exited (${code})`)));
    return thread;
  }

  /** Ends the threads; tiles still being drawn fail. */
  async close(): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.worker.terminate()));
  }
}
