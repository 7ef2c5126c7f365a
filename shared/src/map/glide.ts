import { useLayoutEffect, useRef, type RefObject } from 'react';
import { prefersReducedMotion } from '../ui/motion';
import type { LatLng } from './types';

/** What the glide needs of the map: where a place is on the screen. */
export interface ScreenProjection {
  project(lngLat: [number, number]): { x: number; y: number };
}

/** The ease of a glide: fast first, gently to a stop (cubic ease-out). */
export const GLIDE_EASING = 'cubic-bezier(0.33, 1, 0.68, 1)';

/** What is left of a glide in progress: the translation the element is drawn with now. */
function translationNow(element: HTMLElement): { x: number; y: number } {
  const values = /^matrix\(([^)]+)\)$/.exec(getComputedStyle(element).transform)?.[1]?.split(',');
  return { x: Number(values?.[4] ?? 0), y: Number(values?.[5] ?? 0) };
}

/**
 * Makes a pin glide to a new `target` over `durationMs`: the library's marker is already there
 * (it is rendered at the target), and the pin's element slides to it from where it was drawn by
 * a transform the browser's compositor animates, so that no frame of the glide asks anything of
 * the main thread. Moving the marker at each frame kept a CPU slowed 4× busy 80 ms a second while
 * a taxi drove (bench/idle.ts). A new target during a glide starts from where the pin is drawn.
 * Without a duration, the map, Web Animations or motion, the pin jumps. A zoom during the glide's
 * second scales the map under a slide measured in pixels; the pin lands right all the same.
 */
export function useGlide(
  pin: RefObject<HTMLElement | null>,
  map: ScreenProjection | null,
  target: LatLng,
  durationMs: number | undefined,
): void {
  const drawn = useRef(target);
  const glide = useRef<Animation | null>(null);
  const { lat, lng } = target;
  useLayoutEffect(() => {
    const from = drawn.current;
    drawn.current = { lat, lng };
    const element = pin.current;
    if ((from.lat === lat && from.lng === lng) || !element) return;
    const left = glide.current ? translationNow(element) : { x: 0, y: 0 };
    glide.current?.cancel();
    glide.current = null;
    if (!durationMs || !map || typeof element.animate !== 'function' || prefersReducedMotion())
      return;
    // The library draws a marker at rest on whole pixels; the slide starts where it stood.
    const was = map.project([from.lng, from.lat]);
    const now = map.project([lng, lat]);
    const dx = Math.round(was.x) - Math.round(now.x) + left.x;
    const dy = Math.round(was.y) - Math.round(now.y) + left.y;
    glide.current = element.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }],
      { duration: durationMs, easing: GLIDE_EASING },
    );
  }, [lat, lng, durationMs, map, pin]);
}
