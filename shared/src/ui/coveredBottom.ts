import { useCallback, useRef, useState } from 'react';

/**
 * How many pixels of the window's bottom a sheet covers (from its top down), kept up to date as
 * it grows, shrinks or is replaced: a map under it fits its pins and sets its credits above it.
 * The ref is a callback, so a sheet rendered anew (another key) is measured too.
 */
export function useCoveredBottom(): [(sheet: HTMLElement | null) => void, number] {
  const [covered, setCovered] = useState(0);
  const stop = useRef<(() => void) | null>(null);
  const ref = useCallback((sheet: HTMLElement | null) => {
    stop.current?.();
    stop.current = null;
    if (!sheet || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setCovered(Math.round(window.innerHeight - sheet.getBoundingClientRect().top));
    const observer = new ResizeObserver(measure);
    observer.observe(sheet);
    window.addEventListener('resize', measure);
    stop.current = () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return [ref, covered];
}

/** Height of a pickup or destination pin (the map's map.css): it stands on its point. */
export const PIN_HEIGHT = 40;

/** A map's `padding` with its bottom clear of a sheet over `covered` pixels of it. */
export function clearOfSheet<Padding extends { bottom: number }>(
  padding: Padding,
  covered: number,
): Padding {
  return { ...padding, bottom: Math.max(padding.bottom, covered + 16) };
}
