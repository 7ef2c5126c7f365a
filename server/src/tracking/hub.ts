import type { Corporation } from '../corporations/directory.ts';
import { channels } from '../dispatch/publishing.ts';
import type { OrderEvent } from '../dispatch/record.ts';
import type { EventBus, Unsubscribe } from '../events/bus.ts';
import type { LiveTaxi, TrackOrderUpdate, TrackTaxiUpdate } from '@taxi/contract';
import { taxiChannel } from '../fleet/live.ts';
import { greatCircleMetres } from '../geo/geometry.ts';
import { greatCircleFactors } from '../geo/routing.ts';
import { taxiReportDelivered } from '../metrics/record.ts';

/** One tracking connection, as the hub sees it. */
export interface Viewer {
  send(text: string): void;
  /** After the final update of an order in A or M. */
  close(code: number, reason: string): void;
}

export interface HubSources {
  bus: EventBus;
  /** The order's tracking record now (from the database). */
  loadOrder(corporation: Corporation, orderId: number): Promise<OrderEvent | undefined>;
  /** The last stored positions of these taxis. */
  loadTaxis(corporation: Corporation, callNumbers: string[]): Promise<LiveTaxi[]>;
}

const FINAL_STATES = ['A', 'M'];
export const FINAL_CLOSE_CODE = 1000;

interface Watched {
  corporation: Corporation;
  orderId: number;
  viewers: Set<Viewer>;
  event: OrderEvent | undefined;
  /** Last update text per taxi, sent to viewers who join later. */
  taxis: Map<string, { unsubscribe?: Unsubscribe; text?: string }>;
  unsubscribe?: Unsubscribe;
  ready: Promise<void>;
  closed: boolean;
}

/**
 * The tracking sockets of this process, grouped by order: one bus subscription per watched order
 * and per taxi of it, one JSON text per update whatever the number of viewers.
 */
export class TrackingHub {
  readonly #sources: HubSources;
  readonly #orders = new Map<number, Watched>();
  readonly #viewerOrder = new Map<Viewer, Watched>();

  constructor(sources: HubSources) {
    this.#sources = sources;
    sources.bus.onResume?.(() => void this.#reload());
  }

  /** After a bus outage: updates published meanwhile were lost, so each order is read anew. */
  async #reload(): Promise<void> {
    for (const watched of [...this.#orders.values()]) {
      // The database may be away too: then the viewers catch up at the order's next update.
      const event = await this.#sources
        .loadOrder(watched.corporation, watched.orderId)
        .catch(() => undefined);
      if (event && (!watched.event || event.record.revision > watched.event.record.revision))
        await this.#onOrder(watched, event).catch(() => {});
    }
  }

  get viewerCount(): number {
    return this.#viewerOrder.size;
  }

  get orderCount(): number {
    return this.#orders.size;
  }

  /** Starts sending the order's updates to the viewer, beginning with its current state. */
  async add(corporation: Corporation, orderId: number, viewer: Viewer): Promise<void> {
    let watched = this.#orders.get(orderId);
    if (!watched || watched.closed) {
      const fresh: Watched = {
        corporation,
        orderId,
        viewers: new Set(),
        event: undefined,
        taxis: new Map(),
        ready: Promise.resolve(),
        closed: false,
      };
      fresh.ready = this.#open(fresh);
      this.#orders.set(orderId, fresh);
      watched = fresh;
    }
    watched.viewers.add(viewer);
    this.#viewerOrder.set(viewer, watched);
    await watched.ready;
    if (!watched.viewers.has(viewer) || !watched.event) return;
    viewer.send(orderUpdate(watched.event));
    for (const { text } of watched.taxis.values()) if (text) viewer.send(text);
    if (FINAL_STATES.includes(watched.event.record.state)) {
      this.remove(viewer);
      viewer.close(FINAL_CLOSE_CODE, 'order finished');
    }
  }

  remove(viewer: Viewer): void {
    const watched = this.#viewerOrder.get(viewer);
    if (!watched) return;
    this.#viewerOrder.delete(viewer);
    watched.viewers.delete(viewer);
    if (watched.viewers.size === 0) this.#dispose(watched);
  }

  async #open(watched: Watched): Promise<void> {
    watched.unsubscribe = await this.#sources.bus.subscribe(
      channels.order(watched.orderId),
      (event: OrderEvent) => void this.#onOrder(watched, event),
    );
    const event = await this.#sources.loadOrder(watched.corporation, watched.orderId);
    if (event && (!watched.event || event.record.revision >= watched.event.record.revision))
      watched.event = event;
    await this.#syncTaxis(watched, false);
  }

  #dispose(watched: Watched): void {
    if (watched.closed) return;
    watched.closed = true;
    if (this.#orders.get(watched.orderId) === watched) this.#orders.delete(watched.orderId);
    // Once the order's read is over, done or failed: its failure is answered to the logins
    // waiting on it, so here it is only the end of the wait.
    const release = () => {
      watched.unsubscribe?.();
      for (const entry of watched.taxis.values()) entry.unsubscribe?.();
      watched.taxis.clear();
    };
    void watched.ready.then(release, release);
  }

  async #onOrder(watched: Watched, event: OrderEvent): Promise<void> {
    if (watched.closed) return;
    if (watched.event && event.record.revision < watched.event.record.revision) return;
    watched.event = event;
    const text = orderUpdate(event);
    for (const viewer of watched.viewers) viewer.send(text);
    if (FINAL_STATES.includes(event.record.state)) {
      for (const viewer of [...watched.viewers]) {
        this.remove(viewer);
        viewer.close(FINAL_CLOSE_CODE, 'order finished');
      }
      return;
    }
    await this.#syncTaxis(watched, true);
  }

  /** Follows exactly the taxis the order's viewers may see; a new one starts at its last position. */
  async #syncTaxis(watched: Watched, send: boolean): Promise<void> {
    const wanted = new Set(watched.event?.watch_taxis ?? []);
    for (const [call, entry] of watched.taxis) {
      if (!wanted.has(call)) {
        entry.unsubscribe?.();
        watched.taxis.delete(call);
      }
    }
    const added: string[] = [];
    for (const call of wanted) {
      if (watched.taxis.has(call)) continue;
      added.push(call);
      const entry: { unsubscribe?: Unsubscribe; text?: string } = {};
      watched.taxis.set(call, entry);
      const unsubscribe = await this.#sources.bus.subscribe(
        taxiChannel(watched.corporation.id, call),
        (taxi: LiveTaxi) => {
          if (watched.closed || watched.taxis.get(call) !== entry) return;
          entry.text = this.#taxiText(watched, taxi);
          for (const viewer of watched.viewers) viewer.send(entry.text);
          taxiReportDelivered(taxi.at);
        },
      );
      if (watched.taxis.get(call) === entry && !watched.closed) entry.unsubscribe = unsubscribe;
      else unsubscribe();
    }
    if (added.length === 0) return;
    for (const taxi of await this.#sources.loadTaxis(watched.corporation, added)) {
      const entry = watched.taxis.get(taxi.call_number);
      if (!entry || entry.text) continue;
      entry.text = this.#taxiText(watched, taxi);
      if (send) for (const viewer of watched.viewers) viewer.send(entry.text);
    }
  }

  /** The taxi as this order's viewers see it: whether it has their client, minutes to their pickup. */
  #taxiText(watched: Watched, taxi: LiveTaxi): string {
    const record = watched.event?.record;
    const client = record?.finished_taxis.includes(taxi.call_number) ?? false;
    let eta: number | null = null;
    if (
      record &&
      !client &&
      record.state === 'T' &&
      record.client_lat !== null &&
      record.client_lng !== null &&
      !record.arrived
    ) {
      const { detour, speedKmh } = greatCircleFactors(watched.corporation);
      const metres =
        greatCircleMetres(taxi, { lat: record.client_lat, lng: record.client_lng }) * detour;
      eta = Math.max(1, Math.ceil(metres / ((speedKmh * 1000) / 60)));
    }
    return JSON.stringify({
      action_id: 'TAXI_STATE_UPDATE',
      taxi: { ...taxi, client, state_eta: eta },
    } satisfies TrackTaxiUpdate);
  }
}

export function orderUpdate(event: OrderEvent): string {
  return JSON.stringify({
    action_id: 'ORDER_UPDATE',
    order: event.record,
    taxis_data: event.taxis_data,
  } satisfies TrackOrderUpdate);
}
