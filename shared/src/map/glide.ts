import { useLayoutEffect, useRef, type RefObject } from 'react';
import { prefersReducedMotion } from '../ui/motion';
import type { LatLng } from './types';

/** What the glide needs of a map library's marker. */
export interface MovableMarker {
  setLngLat(lngLat: [number, number]): unknown;
}

const ease = (t: number) => 1 - (1 - t) ** 3;

/**
 * Where a pin is drawn when its moves glide: a new `target` is reached over `durationMs` by
 * moving the library's `marker` frame by frame, outside React. Rendering Track's map again at
 * each frame kept a fifth of a CPU slowed 4× busy while a taxi drove (bench/idle.ts). A glide
 * starts from where the pin is drawn; without `durationMs`, frames or motion, the pin jumps.
 * The position returned is the one to render the marker at, so that a render during a glide
 * does not move it.
 */
export function useGlidingPosition(
  marker: RefObject<MovableMarker | null>,
  target: LatLng,
  durationMs: number | undefined,
): LatLng {
  const drawn = useRef(target);
  const { lat, lng } = target;
  useLayoutEffect(() => {
    const from = drawn.current;
    if (from.lat === lat && from.lng === lng) return;
    const moveTo = (at: LatLng) => {
      drawn.current = at;
      marker.current?.setLngLat([at.lng, at.lat]);
    };
    if (!durationMs || typeof requestAnimationFrame !== 'function' || prefersReducedMotion()) {
      moveTo({ lat, lng });
      return;
    }
    let frame = 0;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      const t = Math.min(1, (now - start) / durationMs);
      const k = ease(t);
      moveTo(
        t < 1
          ? { lat: from.lat + (lat - from.lat) * k, lng: from.lng + (lng - from.lng) * k }
          : { lat, lng },
      );
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [lat, lng, durationMs, marker]);
  // Rendered where it is drawn: a render during a glide must not move the marker.
  return durationMs ? drawn.current : target;
}
