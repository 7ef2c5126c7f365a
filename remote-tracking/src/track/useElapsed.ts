import { useEffect, useState } from 'react';

/**
 * Whole steps of `stepMs` since `since` (a Date.now() time), re-rendering only the component
 * that asks at each step's boundary: a clock of its own, so the panel around it stays still.
 */
export function useElapsed(since: number, stepMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const current = Date.now();
      setNow(current);
      timer = setTimeout(schedule, stepMs - (Math.max(0, current - since) % stepMs));
    };
    timer = setTimeout(schedule, stepMs - (Math.max(0, Date.now() - since) % stepMs));
    return () => clearTimeout(timer);
  }, [since, stepMs]);
  return Math.floor(Math.max(0, now - since) / stepMs);
}
