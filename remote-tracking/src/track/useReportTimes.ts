import { useEffect, useRef, useState } from 'react';
import type { TrackedOrder, TrackedTaxi } from '@taxi/shared';

/** A taxi that has sent no position for this long is drawn faded, with when it was last seen. */
export const STALE_AFTER_MS = 20_000;

export interface ReportTimes {
  /** When each taxi's latest TAXI_STATE_UPDATE arrived (Date.now() times), by call number. */
  taxis: Record<string, number>;
  /** When the latest ORDER_UPDATE arrived (its eta_min counts down from then), or null. */
  order: number | null;
  /** Call numbers of taxis whose latest report, with a position, is STALE_AFTER_MS old or more. */
  stale: ReadonlySet<string>;
}

/**
 * When the link's reports arrived. The socket makes a new object for every message, even one
 * that repeats a position, so a report is a taxi (or record) object not seen before. The
 * screen re-renders once when a taxi turns stale, not on every tick.
 */
export function useReportTimes(
  taxis: Record<string, TrackedTaxi>,
  order: TrackedOrder | null,
): ReportTimes {
  const arrivals = useRef(new WeakMap<object, number>());
  const arrivedAt = (report: object) => {
    let at = arrivals.current.get(report);
    if (at === undefined) {
      at = Date.now();
      arrivals.current.set(report, at);
    }
    return at;
  };
  const times: Record<string, number> = {};
  const located: Record<string, number> = {};
  for (const [callNumber, taxi] of Object.entries(taxis)) {
    times[callNumber] = arrivedAt(taxi);
    if (taxi.lat !== null && taxi.lng !== null) located[callNumber] = times[callNumber];
  }

  // Re-rendered at the moment the next fresh taxi turns stale.
  const [checkedAt, setCheckedAt] = useState(() => Date.now());
  const signature = JSON.stringify(located);
  useEffect(() => {
    const due = Object.values(JSON.parse(signature) as Record<string, number>)
      .map((at) => at + STALE_AFTER_MS - Date.now())
      .filter((wait) => wait > 0);
    if (due.length === 0) return;
    const timer = setTimeout(() => setCheckedAt(Date.now()), Math.min(...due));
    return () => clearTimeout(timer);
  }, [signature, checkedAt]);

  const now = Math.max(checkedAt, ...Object.values(located));
  const stale = new Set(
    Object.entries(located)
      .filter(([, at]) => now - at >= STALE_AFTER_MS)
      .map(([callNumber]) => callNumber),
  );
  return { taxis: times, order: order ? arrivedAt(order) : null, stale };
}
