/**
 * What this needs of either library's map: its container, resize and repaint, and the step that
 * draws a frame, which both libraries call `_render` (every frame and `redraw()` go through it).
 */
export interface KeptMap {
  getContainer(): HTMLElement;
  resize(...args: unknown[]): unknown;
  triggerRepaint(): void;
  _render(paintStartTimeStamp: number): unknown;
}

const held = new WeakSet<KeptMap>();

/** The screen the map is on is being left: the shell makes it inert, and removes it soon. */
function onScreenLeft(map: KeptMap): boolean {
  return map.getContainer().closest('[inert]') !== null;
}

/**
 * The library's steps wrapped once per map: it draws nothing and keeps its size while held, and
 * while the screen it is on is being left (the shell hides that screen, inert, until the next
 * screen's first frame is shown): that frame, and a new canvas buffer for a hidden container,
 * were inside the tap's latency.
 */
function drawWhenSeen(map: KeptMap): void {
  if (Object.hasOwn(map, '_render')) return;
  const { _render: draw, resize } = map;
  const unseen = () => held.has(map) || onScreenLeft(map);
  map._render = (at) => (unseen() ? map : draw.call(map, at));
  map.resize = (...args) => (unseen() ? map : resize.apply(map, args));
}

/**
 * A map kept for the next screen (reuseMaps) draws nothing and keeps its size while off screen.
 * Otherwise the frame it had asked for (a camera still flying), and its detached container's
 * resize (a new canvas buffer, then a redraw), ran before the next screen's first paint.
 */
export function holdFrames(map: KeptMap): void {
  drawWhenSeen(map);
  held.add(map);
}

/** Shown (again): a map that was held draws at its new container's size. */
export function releaseFrames(map: KeptMap): void {
  drawWhenSeen(map);
  if (!held.delete(map)) return;
  map.resize();
  map.triggerRepaint();
}
