// The frames a page's WebGL maps draw, for tests that wait for a map to be drawn whole.
import type { Page } from 'playwright-core';

/** In the page (an init script): the times of the frames WebGL draws (each clears first). */
export function noteMapFrames(): void {
  const frames: number[] = [];
  (window as unknown as { __frames: number[] }).__frames = frames;
  for (const gl of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    const clear = gl.clear;
    gl.clear = function (mask) {
      frames.push(performance.now());
      return clear.call(this, mask);
    };
  }
}

/** Frames drawn since `since` (page time), once the map has drawn none for a second. */
export async function framesUntilQuiet(page: Page, since: number): Promise<number> {
  await page.waitForFunction(() => {
    const frames = (window as unknown as { __frames: number[] }).__frames;
    return frames.length > 0 && performance.now() - frames[frames.length - 1]! > 1_000;
  });
  return page.evaluate(
    (from) =>
      (window as unknown as { __frames: number[] }).__frames.filter((at) => at >= from).length,
    since,
  );
}
