import { addressLine, hasCoordinates, type AddressPoint } from '@taxi/shared';
import { fetchHistory } from '../common/calls';

/** How many recent addresses the search offers before anything is typed. */
export const RECENT_LIMIT = 5;

let recent: Promise<AddressPoint[]> | null = null;

/** The passenger's recent pickups and destinations (from the order history), newest first. */
export function recentAddresses(): Promise<AddressPoint[]> {
  recent ??= fetchHistory().then(
    (history) => {
      const seen = new Set<string>();
      const out: AddressPoint[] = [];
      for (const entry of history) {
        for (const point of [entry.poi, entry.dst]) {
          const line = addressLine(point);
          if (!point || !hasCoordinates(point) || !line || seen.has(line)) continue;
          seen.add(line);
          out.push(point);
        }
      }
      return out.slice(0, RECENT_LIMIT);
    },
    () => {
      recent = null;
      return [];
    },
  );
  return recent;
}

/** After an order or a deletion the history differs: read it again next time. */
export function forgetRecentAddresses(): void {
  recent = null;
}
