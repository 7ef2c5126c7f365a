import type { Corporation } from '../corporations/directory.ts';
import type { Storage } from '../db/storage.ts';
import type { EventBus } from '../events/bus.ts';
import type { GeoService } from '../geo/service.ts';
import { greatCircleMetres, type LatLng } from '../quotes/routing.ts';

/** Spec section 3, "Taxi (live)", as TAXI_STATE_UPDATE carries it. */
export interface LiveTaxi {
  id: string;
  call_number: string;
  lat: number;
  lng: number;
  acc: number | null;
  /** The street (and number) the taxi is at, when the corporation has an extract. */
  address: string;
  /** true while the taxi carries the viewer's client (set per order by the tracking socket). */
  client: boolean;
  connected: boolean;
  /** W, Z, K, D, O, P, F, B (spec section 4). */
  state: string;
  /** Id of the corporation zone the taxi is in, or null. */
  state_zone: number | string | null;
  /** Id of the nearest navigation point (within 300 m), or null. */
  state_nav_point: number | string | null;
  /** Minutes to the viewer's pickup while on its way (set per order by the tracking socket). */
  state_eta: number | null;
  alarm: boolean;
  /** Epoch milliseconds of the report. */
  at: number;
}

export const taxiChannel = (corporationId: string, callNumber: string) =>
  `taxi:${corporationId}:${callNumber}`;

const NAV_POINT_METRES = 300;

interface Zone {
  id: number | string;
  points: LatLng[];
  disabled?: boolean;
}

function inside(point: LatLng, polygon: LatLng[]): boolean {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (
      a.lat > point.lat !== b.lat > point.lat &&
      point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng
    )
      result = !result;
  }
  return result;
}

/** Spec section 3, "Zone" and "Nav point", from a corporation file's `zones` and `nav_points`. */
export function zoneOf(corporation: Corporation, point: LatLng): number | string | null {
  const zones = Array.isArray(corporation.raw.zones) ? (corporation.raw.zones as Zone[]) : [];
  return (
    zones.find((zone) => !zone.disabled && Array.isArray(zone.points) && inside(point, zone.points))
      ?.id ?? null
  );
}

export function navPointOf(corporation: Corporation, point: LatLng): number | string | null {
  const points = Array.isArray(corporation.raw.nav_points)
    ? (corporation.raw.nav_points as (LatLng & { id: number | string })[])
    : [];
  let best: number | string | null = null;
  let bestMetres = NAV_POINT_METRES;
  for (const nav of points) {
    const metres = greatCircleMetres(point, nav);
    if (metres <= bestMetres) [best, bestMetres] = [nav.id, metres];
  }
  return best;
}

/**
 * Where the taxis are: every report is published at once on the bus (the tracking sockets of any
 * process get it), and written to the database in batches (dispatch and ETAs read it there), so
 * that thousands of reports a second cost one transaction every `flushMs`.
 */
export class LiveFleet {
  readonly #storage: Storage;
  readonly #bus: EventBus;
  readonly #geo: GeoService;
  readonly #onError: (error: unknown) => void;
  readonly #dirty = new Map<
    string,
    {
      corporation_id: string;
      call_number: string;
      lat: number;
      lng: number;
      acc: number | null;
      updated_at: number;
    }
  >();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(storage: Storage, bus: EventBus, geo: GeoService, onError: (error: unknown) => void) {
    this.#onError = onError;
    this.#storage = storage;
    this.#bus = bus;
    this.#geo = geo;
  }

  start(flushMs: number): void {
    this.#timer = setInterval(() => void this.flush(), flushMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  /**
   * A position report: published now, stored with the next flush. With `store` false (a state
   * change, whose row the caller writes) it is only published.
   */
  report(
    corporation: Corporation,
    callNumber: string,
    state: string,
    position: LatLng & { acc: number | null },
    at: number,
    store = true,
  ): LiveTaxi {
    const address = this.#geo.loaded(corporation)?.reverseNow(position);
    const taxi: LiveTaxi = {
      id: callNumber,
      call_number: callNumber,
      lat: position.lat,
      lng: position.lng,
      acc: position.acc,
      address: address ? `${address.street} ${address.number}`.trim() : '',
      client: false,
      connected: true,
      state,
      state_zone: zoneOf(corporation, position),
      state_nav_point: navPointOf(corporation, position),
      state_eta: null,
      alarm: false,
      at,
    };
    if (store) {
      const row = {
        corporation_id: corporation.id,
        call_number: callNumber,
        lat: position.lat,
        lng: position.lng,
        acc: position.acc,
        updated_at: at,
      };
      this.#dirty.set(`${corporation.id}\u0000${callNumber}`, row);
    }
    this.#bus.publish(taxiChannel(corporation.id, callNumber), taxi);
    return taxi;
  }

  /** Writes the buffered positions in one transaction. */
  flush(): Promise<void> {
    const run = this.#flushing.then(async () => {
      if (this.#dirty.size === 0) return;
      const rows = [...this.#dirty.values()];
      this.#dirty.clear();
      await this.#storage.db.transaction().execute(async (trx) => {
        for (const row of rows) {
          await trx
            .updateTable('taxis')
            .set({ lat: row.lat, lng: row.lng, acc: row.acc, updated_at: row.updated_at })
            .where('corporation_id', '=', row.corporation_id)
            .where('call_number', '=', row.call_number)
            .where('updated_at', '<=', row.updated_at)
            .execute();
        }
      });
    });
    this.#flushing = run.catch(this.#onError);
    return this.#flushing;
  }
}
