import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '@taxi/shared';
import type { LatLng } from '@taxi/shared/map';

export type Positions = Record<string, LatLng>;

const ease = (t: number) => 1 - (1 - t) ** 3;

/**
 * Positions that glide to their targets over `durationMs` instead of jumping, so a taxi
 * moves smoothly between two reports. A new target starts from where the taxi is drawn;
 * one seen for the first time appears at once. Without animation frames (or with reduced
 * motion asked for) positions jump.
 */
export function useGlide(targets: Positions, durationMs: number): Positions {
  const [shown, setShown] = useState(targets);
  const drawn = useRef(targets);
  const signature = JSON.stringify(targets);
  useEffect(() => {
    const to = JSON.parse(signature) as Positions;
    const from = drawn.current;
    if (typeof requestAnimationFrame !== 'function' || prefersReducedMotion()) {
      drawn.current = to;
      setShown(to);
      return;
    }
    let frame = 0;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      const t = Math.min(1, (now - start) / durationMs);
      const k = ease(t);
      const next: Positions = {};
      for (const [id, target] of Object.entries(to)) {
        const origin = from[id] ?? target;
        next[id] = {
          lat: origin.lat + (target.lat - origin.lat) * k,
          lng: origin.lng + (target.lng - origin.lng) * k,
        };
      }
      drawn.current = next;
      setShown(next);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [signature, durationMs]);
  return shown;
}
