import type { LiveTaxi } from '@taxi/contract';
import { type Kysely, sql } from 'kysely';
import type { Corporation } from '../corporations/directory.ts';
import type { Tables } from '../db/tables.ts';
import type { Storage } from '../db/storage.ts';
import type { EventBus } from '../events/bus.ts';
import type { GeoService } from '../geo/service.ts';
import { greatCircleMetres, insidePolygon, type LatLng } from '../geo/geometry.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

export const taxiChannel = (corporationId: string, callNumber: string) =>
  `taxi:${corporationId}:${callNumber}`;

const NAV_POINT_METRES = 300;

/** Spec section 3, "Zone" and "Nav point", from a corporation file's `zones` and `nav_points`. */
export function zoneOf(corporation: Corporation, point: LatLng): number | string | null {
  const zones = corporation.sections.zones ?? [];
  return zones.find((zone) => !zone.disabled && insidePolygon(point, zone.points))?.id ?? null;
}

export function navPointOf(corporation: Corporation, point: LatLng): number | string | null {
  const points = corporation.sections.nav_points ?? [];
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
  readonly #dirty = new Map<string, PositionRow>();
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

  /**
   * Writes the buffered positions: a few hundred rows a statement, the event loop free between
   * statements (a thousand single-row updates used to hold it for a whole tick, and taxi updates
   * to passengers with it). On SQLite without waiting for the disk: a position is worthless after
   * seconds, and a commit of an order that follows syncs the log with it.
   */
  flush(): Promise<void> {
    const run = this.#flushing.then(async () => {
      if (this.#dirty.size === 0) return;
      const rows = [...this.#dirty.values()];
      this.#dirty.clear();
      const sqlite = this.#storage.engine === 'sqlite';
      // One connection for the whole flush, so that no other commit runs with the relaxed sync.
      await this.#storage.db.connection().execute(async (connection) => {
        if (sqlite) await sql`pragma synchronous = normal`.execute(connection);
        try {
          for (let first = 0; first < rows.length; first += FLUSH_ROWS) {
            if (first > 0) await new Promise((resolve) => setImmediate(resolve));
            await storePositions(connection, rows.slice(first, first + FLUSH_ROWS));
          }
        } finally {
          if (sqlite) await sql`pragma synchronous = full`.execute(connection);
        }
      });
    });
    this.#flushing = run.catch(this.#onError);
    return this.#flushing;
  }
}

interface PositionRow {
  corporation_id: string;
  call_number: string;
  lat: number;
  lng: number;
  acc: number | null;
  updated_at: number;
}

/** Rows per statement of a flush. */
const FLUSH_ROWS = 250;

/** One UPDATE … FROM (VALUES …) for the rows (both engines); an older report never overwrites a newer. */
function storePositions(db: Kysely<Tables>, rows: PositionRow[]) {
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(cast(${row.corporation_id} as text), cast(${row.call_number} as text), cast(${row.lat} as double precision), cast(${row.lng} as double precision), cast(${row.acc} as double precision), cast(${row.updated_at} as bigint))`,
    ),
  );
  return sql`with v (corporation_id, call_number, lat, lng, acc, updated_at) as (values ${values})
    update taxis set lat = v.lat, lng = v.lng, acc = v.acc, updated_at = v.updated_at from v
    where taxis.corporation_id = v.corporation_id and taxis.call_number = v.call_number
      and taxis.updated_at <= v.updated_at`.execute(db);
}

declare module '../base/services.ts' {
  interface Services {
    /** Taxi positions: published at once, stored in batches. */
    fleet: LiveFleet;
  }
}
