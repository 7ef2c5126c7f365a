/**
 * What this needs of either library's map: its resize and repaint, and the step that draws a
 * frame, which both libraries call `_render` (every frame and `redraw()` go through it).
 */
export interface KeptMap {
  resize(): unknown;
  triggerRepaint(): void;
  _render(paintStartTimeStamp: number): unknown;
}

/**
 * A map kept for the next screen (reuseMaps) draws nothing and keeps its size while off screen.
 * Otherwise the frame it had asked for (a camera still flying), and its detached container's
 * resize (a new canvas buffer, then a redraw), ran before the next screen's first paint.
 */
export function holdFrames(map: KeptMap): void {
  map._render = () => map;
  map.resize = () => map;
}

/** Shown again: draws at its new container's size. A map never held is left as it is. */
export function releaseFrames(map: KeptMap): void {
  if (!Object.hasOwn(map, '_render')) return;
  delete (map as Partial<KeptMap>)._render;
  delete (map as Partial<KeptMap>).resize;
  map.resize();
  map.triggerRepaint();
}
