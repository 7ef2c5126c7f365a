/** What this needs of either library's map. */
export interface RemovableMap {
  getCanvas(): HTMLCanvasElement;
  once(type: 'remove', listener: () => void): unknown;
}

/**
 * Has a map give back its WebGL context once the next screen has painted, not as it is removed.
 * Both libraries lose the context in `remove()` (`WEBGL_lose_context`), and losing it makes the
 * main thread wait until the GPU has drawn every frame queued before. A screen's map is removed
 * as the passenger leaves the screen, inside the tap that leaves it: a tap on Order waited there
 * for Home's map, most of what the map added to that tap's INP in a software WebGL. The map
 * still stops at once (its frames, tiles and workers); only the context goes a frame later.
 */
export function loseContextAfterPaint(map: RemovableMap): void {
  const canvas = map.getCanvas();
  // The context the library made (asking for the other kind gives null, never a new one).
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (!gl) return;
  const getExtension = gl.getExtension.bind(gl);
  gl.getExtension = ((name: string) =>
    name === 'WEBGL_lose_context' ? null : getExtension(name)) as typeof gl.getExtension;
  map.once('remove', () =>
    requestAnimationFrame(() =>
      setTimeout(() => getExtension('WEBGL_lose_context')?.loseContext()),
    ),
  );
}
