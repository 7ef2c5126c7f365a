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
