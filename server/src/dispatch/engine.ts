import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Lang } from '../api/registry.ts';
import type { Clock } from '../clock.ts';
import type { Corporation, CorporationLookup } from '../corporations/directory.ts';
import type { Tables } from '../db/tables.ts';
import { type Storage, withLock } from '../db/storage.ts';
import { ApiFailure } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import type { GeoService } from '../geo/service.ts';
import { type OrderForm, WEEKDAYS } from '../orders/form.ts';
import { newShortId } from '../orders/store.ts';
import type { OrderSecrets } from '../orders/secrets.ts';
import { located, ridePrice } from '../quotes/quote.ts';
import { greatCircleMetres, type LatLng, type RouteEstimator } from '../quotes/routing.ts';
import { epochOf, formatLocal, localTime, parseDateTime } from '../time.ts';
import { orderEvent } from './record.ts';
import { dispatchSettings } from './settings.ts';
import { ASSIGNMENT_STATES as S, type LogAction } from './tables.ts';

type Trx = Transaction<Tables>;

/** Bus channels. */
export const channels = {
  /** OrderEvent after every change of the order. */
  order: (orderId: number) => `order:${orderId}`,
  /** An empty message whenever a taxi's offers or orders change (wakes its GET_OFFERS wait). */
  taxiWork: (corporationId: string, callNumber: string) =>
    `taxi-work:${corporationId}:${callNumber}`,
  /** Something to dispatch: every process runs its dispatch round soon. */
  wake: 'dispatch:wake',
};

/** A taxi of a corporation: who calls the driver actions. */
export interface TaxiRef {
  corporation: Corporation;
  callNumber: string;
}

interface Effects {
  orders: Set<number>;
  taxis: Set<string>;
}

export interface DispatcherOptions {
  storage: Storage;
  clock: Clock;
  corporations: CorporationLookup;
  bus: EventBus;
  geo: GeoService;
  /** Routes for prices and ETAs (the geography, or a test's stand-in). */
  routes: RouteEstimator;
  log: FastifyBaseLogger;
  /** Writes buffered taxi positions, so that a round sees where the taxis are. */
  flushPositions: () => Promise<void>;
  /** For the secrets of subscription rides. */
  orderSecrets: OrderSecrets;
}

const TIMED_TYPES = ['T', 'W'];
/** A taxi that turned an order down or let it lapse is asked again only after this long. */
const REOFFER_AFTER_MS = 2 * 60_000;
const SUBSCRIPTION_CHECK_MS = 60_000;

/**
 * The dispatch: offers each order to the nearest free taxis, re-offers after a reject, a timeout
 * or a withdrawn acceptance, dispatches timed orders at their time minus advance, creates the
 * rides of subscriptions, and moves orders through their states as drivers report. Every
 * transition runs under the corporation's dispatch lock (one transaction), is written to the
 * order log, and is published on the bus for the tracking sockets and the drivers.
 */
export class Dispatcher {
  readonly #o: DispatcherOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #subscriptionsAt = -Infinity;
  #unsubscribe: (() => void) | undefined;

  constructor(options: DispatcherOptions) {
    this.#o = options;
  }

  /** Runs a round every `intervalMs`, and soon after any process says there is work. */
  async start(intervalMs: number): Promise<void> {
    this.#unsubscribe = await this.#o.bus.subscribe(
      channels.wake,
      (message: { subscriptions?: boolean }) => {
        if (message?.subscriptions) this.#subscriptionsAt = -Infinity;
        this.#soon();
      },
    );
    this.#timer = setInterval(() => this.#soon(), intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#unsubscribe?.();
    await this.#running;
  }

  /** Tells every process (this one too) that an order is waiting; a new subscription too. */
  wake(subscriptions = false): void {
    if (subscriptions) this.#subscriptionsAt = -Infinity;
    this.#o.bus.publish(channels.wake, { subscriptions });
  }

  #soon(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    void this.tick();
  }

  /** One dispatch round; resolves when it is over (tests await it after moving the clock). */
  tick(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await this.#round();
        } while (this.#again);
      } catch (error) {
        this.#o.log.error({ err: error }, 'dispatch round failed');
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  async #round(): Promise<void> {
    const { db } = this.#o.storage;
    const now = this.#o.clock.now();
    await this.#o.flushPositions();
    if (now - this.#subscriptionsAt >= SUBSCRIPTION_CHECK_MS || now < this.#subscriptionsAt) {
      this.#subscriptionsAt = now;
      await this.#subscriptionRides(now);
    }
    const due = await db
      .selectFrom('orders')
      .select(['id', 'corporation_id'])
      .where('state', '=', 'U')
      .where('dispatch_at', 'is not', null)
      .where('dispatch_at', '<=', now)
      .orderBy('dispatch_at')
      .limit(200)
      .execute();
    for (const order of due)
      await this.#transition(order.corporation_id, (trx, effects) =>
        this.#startOrder(trx, order.id, now, effects),
      );

    const lapsed = await db
      .selectFrom('assignments')
      .select(['id', 'corporation_id'])
      .where('state', '=', S.SENT)
      .where('expires_at', '<=', now)
      .limit(500)
      .execute();
    for (const offer of lapsed)
      await this.#transition(offer.corporation_id, (trx, effects) =>
        this.#lapse(trx, offer.id, now, effects),
      );

    const waiting = await db
      .selectFrom('orders as o')
      .select(['o.id', 'o.corporation_id'])
      .where('o.state', '=', 'T')
      .where((eb) =>
        eb(
          'o.taxi_count',
          '>',
          eb
            .selectFrom('assignments as a')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('a.order_id', '=', 'o.id')
            .where('a.state', 'in', [S.SENT, S.ACCEPTED, S.PICKED_UP, S.MINE]),
        ),
      )
      .limit(500)
      .execute();
    for (const order of waiting)
      await this.#transition(order.corporation_id, (trx, effects) =>
        this.#offerMore(trx, order.id, now, effects),
      );
  }

  /** Runs `work` under the corporation's dispatch lock, then publishes what it changed. */
  async #transition<T>(
    corporationId: string,
    work: (trx: Trx, effects: Effects) => Promise<T>,
  ): Promise<T> {
    const effects: Effects = { orders: new Set(), taxis: new Set() };
    const result = await withLock(this.#o.storage, [`dispatch:${corporationId}`], (trx) =>
      work(trx, effects),
    );
    for (const call of effects.taxis)
      this.#o.bus.publish(channels.taxiWork(corporationId, call), {});
    for (const orderId of effects.orders) await this.publishOrder(orderId);
    return result;
  }

  /** Publishes the order's tracking record on the bus. */
  async publishOrder(orderId: number): Promise<void> {
    const row = await this.#o.storage.db
      .selectFrom('orders')
      .select('corporation_id')
      .where('id', '=', orderId)
      .executeTakeFirst();
    const corporation = row && this.#o.corporations.byId(row.corporation_id);
    if (!corporation) return;
    const event = await orderEvent(
      this.#o.storage.db,
      corporation,
      orderId,
      this.#o.routes,
      this.#o.clock.now(),
    );
    if (event) this.#o.bus.publish(channels.order(orderId), event);
  }

  async #log(
    trx: Trx,
    orderId: number,
    action: LogAction,
    callNumber: string | null,
    details: object,
    now: number,
  ): Promise<void> {
    await trx
      .insertInto('order_log')
      .values({
        order_id: orderId,
        action,
        call_number: callNumber,
        details: JSON.stringify(details),
        created_at: now,
      })
      .execute();
  }

  async #touch(
    trx: Trx,
    orderId: number,
    now: number,
    effects: Effects,
    changes: Partial<Pick<Tables['orders'], 'state' | 'arrived_at' | 'ended_at' | 'price'>> = {},
  ) {
    await trx
      .updateTable('orders')
      .set((eb) => ({ ...changes, updated_at: now, revision: eb('revision', '+', 1) }))
      .where('id', '=', orderId)
      .execute();
    effects.orders.add(orderId);
  }

  // ---- order creation (ORDER_SAVE) ----

  /** The columns the dispatch keeps with a new order: when to dispatch it, pickup, price, route. */
  async prepare(corporation: Corporation, form: OrderForm, lang: Lang, now: number) {
    let pickup = located(form.poi);
    if (!pickup) {
      // A pickup typed as a street: the first search result places it.
      const query = [`${form.poi.street} ${form.poi.number}`.trim(), form.poi.city]
        .filter(Boolean)
        .join(', ');
      const [found] = await this.#o.geo.search(corporation, query, 1).catch(() => []);
      if (found) pickup = { lat: found.lat, lng: found.lng };
    }
    const { dst_price, dst_map_points } = await ridePrice(
      this.#o.routes,
      corporation,
      form,
      lang,
      now,
    );
    return {
      dispatch_at: this.#dispatchAt(corporation, form, now),
      pickup_lat: pickup?.lat ?? null,
      pickup_lng: pickup?.lng ?? null,
      dst_price,
      route: dst_map_points.length > 1 ? JSON.stringify(dst_map_points) : null,
    };
  }

  #dispatchAt(
    corporation: Corporation,
    form: Pick<OrderForm, 'order_type' | 'date_time' | 'advance'>,
    now: number,
  ): number | null {
    if (form.order_type === 'R') return null;
    if (!TIMED_TYPES.includes(form.order_type) || !form.date_time) return now;
    const at = parseDateTime(form.date_time, corporation.timeZone) ?? now;
    const advance = form.advance > 0 ? form.advance : dispatchSettings(corporation).defaultAdvanceS;
    return Math.max(now, at - advance * 1000);
  }

  /** Writes the `created` entry (and the time and advance of a timed order) of a new order. */
  async logCreated(trx: Trx, orderId: number, form: OrderForm, now: number): Promise<void> {
    await this.#log(
      trx,
      orderId,
      'created',
      null,
      { order_type: form.order_type, taxi_count: form.taxi_count },
      now,
    );
    if (form.date_time) {
      await this.#log(trx, orderId, 'set_date_time', null, { date_time: form.date_time }, now);
      await this.#log(trx, orderId, 'set_advance', null, { advance: form.advance }, now);
    }
  }

  // ---- the rounds ----

  async #startOrder(trx: Trx, orderId: number, now: number, effects: Effects): Promise<void> {
    const order = await trx
      .selectFrom('orders')
      .select(['state', 'order_type'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (order?.state !== 'U') return;
    await this.#touch(trx, orderId, now, effects, { state: 'T' });
    if (TIMED_TYPES.includes(order.order_type))
      await this.#log(trx, orderId, 'taxi_to_timely', null, {}, now);
    await this.#offerMore(trx, orderId, now, effects);
  }

  /** An offer nobody answered in time: T (timeout), or E when the taxi went silent meanwhile. */
  async #lapse(trx: Trx, assignmentId: number, now: number, effects: Effects): Promise<void> {
    const offer = await trx
      .selectFrom('assignments')
      .selectAll()
      .where('id', '=', assignmentId)
      .executeTakeFirst();
    if (!offer || offer.state !== S.SENT || offer.expires_at > now) return;
    const taxi = await trx
      .selectFrom('taxis')
      .select('updated_at')
      .where('corporation_id', '=', offer.corporation_id)
      .where('call_number', '=', offer.call_number)
      .executeTakeFirst();
    const state = !taxi || taxi.updated_at < offer.offered_at ? S.ERROR : S.TIMEOUT;
    await trx
      .updateTable('assignments')
      .set({ state, updated_at: now })
      .where('id', '=', offer.id)
      .execute();
    await this.#log(
      trx,
      offer.order_id,
      'taxi_rejected_timeout',
      offer.call_number,
      { assignment: state },
      now,
    );
    effects.taxis.add(offer.call_number);
    await this.#touch(trx, offer.order_id, now, effects);
    await this.#offerMore(trx, offer.order_id, now, effects);
  }

  /** Offers the order to as many of the nearest free taxis as it still needs. */
  async #offerMore(trx: Trx, orderId: number, now: number, effects: Effects): Promise<void> {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order || order.state !== 'T') return;
    const corporation = this.#o.corporations.byId(order.corporation_id);
    if (!corporation) return;
    const settings = dispatchSettings(corporation);
    const assignments = await trx
      .selectFrom('assignments')
      .select(['call_number', 'state', 'offered_at'])
      .where('order_id', '=', orderId)
      .execute();
    const holding = assignments.filter((a) =>
      ([S.SENT, S.ACCEPTED, S.PICKED_UP, S.MINE] as string[]).includes(a.state),
    );
    const needed = order.taxi_count - holding.length;
    if (needed <= 0) return;
    const excluded = new Set(
      assignments
        .filter((a) => holding.includes(a) || a.offered_at > now - REOFFER_AFTER_MS)
        .map((a) => a.call_number),
    );
    const busy = await trx
      .selectFrom('assignments')
      .select('call_number')
      .where('corporation_id', '=', order.corporation_id)
      .where((eb) =>
        eb.or([
          eb('state', 'in', [S.SENT, S.ACCEPTED]),
          eb.and([eb('state', '=', S.PICKED_UP), eb('ride_ended_at', 'is', null)]),
        ]),
      )
      .execute();
    for (const { call_number } of busy) excluded.add(call_number);
    const form = JSON.parse(order.form) as OrderForm;
    const chosen = new Set(form.selected_taxies);
    const free = (
      await trx
        .selectFrom('taxis')
        .select(['call_number', 'lat', 'lng', 'updated_at'])
        .where('corporation_id', '=', order.corporation_id)
        .where('state', '=', 'W')
        .where('updated_at', '>', now - settings.connectedS * 1000)
        .execute()
    ).filter(
      (taxi) =>
        !excluded.has(taxi.call_number) && (chosen.size === 0 || chosen.has(taxi.call_number)),
    );
    const pickup: LatLng | null =
      order.pickup_lat !== null && order.pickup_lng !== null
        ? { lat: order.pickup_lat, lng: order.pickup_lng }
        : null;
    const distance = (taxi: LatLng) => (pickup ? greatCircleMetres(taxi, pickup) : 0);
    free.sort((a, b) => distance(a) - distance(b) || b.updated_at - a.updated_at);
    for (const taxi of free.slice(0, needed)) {
      await trx
        .insertInto('assignments')
        .values({
          order_id: orderId,
          corporation_id: order.corporation_id,
          call_number: taxi.call_number,
          state: S.SENT,
          offered_at: now,
          expires_at: now + settings.offerTimeoutS * 1000,
          updated_at: now,
        })
        .execute();
      await this.#log(
        trx,
        orderId,
        'assign_taxi',
        taxi.call_number,
        { distance_m: Math.round(distance(taxi)) },
        now,
      );
      effects.taxis.add(taxi.call_number);
    }
    if (free.length > 0) await this.#touch(trx, orderId, now, effects);
  }

  /** Ends an order once no taxi is still coming: Z when a taxi has the client, else M. */
  async #settle(trx: Trx, orderId: number, now: number, effects: Effects): Promise<void> {
    const order = await trx
      .selectFrom('orders')
      .select(['state', 'taxi_count'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (order?.state !== 'T') return;
    const states = (
      await trx.selectFrom('assignments').select('state').where('order_id', '=', orderId).execute()
    ).map((a) => a.state);
    const count = (state: string) => states.filter((s) => s === state).length;
    const pickedUp = count(S.PICKED_UP);
    const absent = count(S.MINE);
    const coming = count(S.SENT) + count(S.ACCEPTED);
    if (pickedUp >= order.taxi_count || (coming === 0 && pickedUp + absent >= order.taxi_count)) {
      await this.#cancelOffers(trx, orderId, now, effects);
      await this.#touch(trx, orderId, now, effects, {
        state: pickedUp > 0 ? 'Z' : 'M',
        ended_at: now,
      });
    }
  }

  async #cancelOffers(trx: Trx, orderId: number, now: number, effects: Effects): Promise<void> {
    const open = await trx
      .selectFrom('assignments')
      .select(['id', 'call_number'])
      .where('order_id', '=', orderId)
      .where('state', 'in', [S.SENT, S.ACCEPTED])
      .execute();
    for (const a of open) {
      await trx
        .updateTable('assignments')
        .set({ state: S.CANCELLED, updated_at: now })
        .where('id', '=', a.id)
        .execute();
      effects.taxis.add(a.call_number);
    }
  }

  /** Creates the rides of subscriptions (type R) due within the horizon, as timed orders. */
  async #subscriptionRides(now: number): Promise<void> {
    const { db } = this.#o.storage;
    const subscriptions = await db
      .selectFrom('orders')
      .selectAll()
      .where('order_type', '=', 'R')
      .where('state', '=', 'U')
      .execute();
    for (const parent of subscriptions) {
      const corporation = this.#o.corporations.byId(parent.corporation_id);
      if (!corporation) continue;
      const form = JSON.parse(parent.form) as OrderForm;
      const repeated = form.repeated;
      if (!repeated) continue;
      const zone = corporation.timeZone;
      const settings = dispatchSettings(corporation);
      const horizon = now + settings.subscriptionHorizonH * 3_600_000;
      const [stopYear, stopMonth, stopDay] = repeated.repeated_stop.split('-').map(Number) as [
        number,
        number,
        number,
      ];
      const lastInstant = epochOf(
        { year: stopYear, month: stopMonth, day: stopDay, hour: 23, minute: 59, second: 59 },
        zone,
      );
      const times: number[] = [];
      for (
        let day = Math.max(now, parseDateTime(repeated.repeated_start, zone) ?? now) - 86_400_000;
        day <= Math.min(horizon, lastInstant) + 86_400_000;
        day += 86_400_000
      ) {
        const date = localTime(day, zone);
        const at = epochOf(
          {
            year: date.year,
            month: date.month,
            day: date.day,
            hour: repeated.repeated_time_hour,
            minute: repeated.repeated_time_minute,
            second: 0,
          },
          zone,
        );
        const starts = parseDateTime(repeated.repeated_start, zone) ?? 0;
        if (
          at > now &&
          at <= horizon &&
          at >= starts &&
          at <= lastInstant &&
          repeated.days[WEEKDAYS[localTime(at, zone).weekday]!]
        )
          times.push(at);
      }
      await this.#transition(parent.corporation_id, async (trx, effects) => {
        for (const at of [...new Set(times)]) {
          const date_time = formatLocal(at, zone);
          const exists = await trx
            .selectFrom('orders')
            .select('id')
            .where('parent_id', '=', parent.id)
            .where('date_time', '=', date_time)
            .executeTakeFirst();
          if (exists) continue;
          const rideForm: OrderForm = {
            ...form,
            order_type: 'T',
            date_time,
            repeated: null,
            call_uniqueid: null,
          };
          const ride = await trx
            .insertInto('orders')
            .values({
              corporation_id: parent.corporation_id,
              client_id: parent.client_id,
              short_id: newShortId(),
              ...this.#o.orderSecrets.issue(),
              call_uniqueid: null,
              order_type: 'T',
              state: 'U',
              date_time,
              taxi_group_id: parent.taxi_group_id,
              taxi_count: parent.taxi_count,
              form: JSON.stringify(rideForm),
              hidden_in_history: 0,
              created_at: now,
              updated_at: now,
              dispatch_at: this.#dispatchAt(corporation, rideForm, now),
              parent_id: parent.id,
              pickup_lat: parent.pickup_lat,
              pickup_lng: parent.pickup_lng,
              dst_price: parent.dst_price,
              route: parent.route,
            })
            .returning(['id', 'short_id'])
            .executeTakeFirstOrThrow();
          await this.logCreated(trx, ride.id, rideForm, now);
          await this.#log(
            trx,
            parent.id,
            'subscription_ride',
            null,
            { order_id: ride.id, date_time },
            now,
          );
          effects.orders.add(ride.id);
        }
        if (now > lastInstant)
          await this.#touch(trx, parent.id, now, effects, { state: 'Z', ended_at: now });
      });
    }
  }

  // ---- the driver's side (through the driver API only) ----

  async #assignment(trx: Trx, taxi: TaxiRef, orderId: number, states: string[]) {
    const found = await trx
      .selectFrom('assignments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('corporation_id', '=', taxi.corporation.id)
      .where('call_number', '=', taxi.callNumber)
      .where('state', 'in', states)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!found)
      throw new ApiFailure(
        'NOT_FOUND',
        states.includes(S.SENT) && states.length === 1
          ? 'No offer of this order is waiting for this taxi'
          : 'This taxi does not have this order',
      );
    return found;
  }

  #driverAction(
    taxi: TaxiRef,
    orderId: number,
    work: (trx: Trx, effects: Effects, now: number) => Promise<void>,
  ): Promise<void> {
    const now = this.#o.clock.now();
    return this.#transition(taxi.corporation.id, async (trx, effects) => {
      effects.taxis.add(taxi.callNumber);
      await work(trx, effects, now);
    });
  }

  accept(taxi: TaxiRef, orderId: number): Promise<void> {
    return this.#driverAction(taxi, orderId, async (trx, effects, now) => {
      const offer = await this.#assignment(trx, taxi, orderId, [S.SENT]);
      if (offer.expires_at <= now)
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'The offer has expired');
      await trx
        .updateTable('assignments')
        .set({ state: S.ACCEPTED, answered_at: now, updated_at: now })
        .where('id', '=', offer.id)
        .execute();
      await this.#log(trx, orderId, 'taxi_accepted', taxi.callNumber, {}, now);
      await this.#touch(trx, orderId, now, effects);
    });
  }

  reject(taxi: TaxiRef, orderId: number): Promise<void> {
    return this.#driverAction(taxi, orderId, async (trx, effects, now) => {
      const offer = await this.#assignment(trx, taxi, orderId, [S.SENT]);
      await trx
        .updateTable('assignments')
        .set({ state: S.REJECTED, answered_at: now, updated_at: now })
        .where('id', '=', offer.id)
        .execute();
      await this.#log(trx, orderId, 'taxi_rejected', taxi.callNumber, {}, now);
      await this.#touch(trx, orderId, now, effects);
      await this.#offerMore(trx, orderId, now, effects);
    });
  }

  arrived(taxi: TaxiRef, orderId: number): Promise<void> {
    return this.#driverAction(taxi, orderId, async (trx, effects, now) => {
      const assignment = await this.#assignment(trx, taxi, orderId, [S.ACCEPTED]);
      if (assignment.arrived_at !== null) return;
      await trx
        .updateTable('assignments')
        .set({ arrived_at: now, updated_at: now })
        .where('id', '=', assignment.id)
        .execute();
      const order = await trx
        .selectFrom('orders')
        .select('arrived_at')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      await this.#log(trx, orderId, 'taxi_client_arrived', taxi.callNumber, {}, now);
      await this.#touch(
        trx,
        orderId,
        now,
        effects,
        order.arrived_at === null ? { arrived_at: now } : {},
      );
    });
  }

  /** The client got in: assignment Z, and the order Z once every taxi it asked for has the client. */
  clientIn(taxi: TaxiRef, orderId: number): Promise<void> {
    return this.#driverAction(taxi, orderId, async (trx, effects, now) => {
      const assignment = await this.#assignment(trx, taxi, orderId, [S.ACCEPTED]);
      await trx
        .updateTable('assignments')
        .set({ state: S.PICKED_UP, picked_up_at: now, updated_at: now })
        .where('id', '=', assignment.id)
        .execute();
      await this.#log(trx, orderId, 'taxi_client_present', taxi.callNumber, {}, now);
      await this.#touch(trx, orderId, now, effects);
      await this.#settle(trx, orderId, now, effects);
    });
  }

  /** The client did not come: assignment M, and the order M when no taxi has the client. */
  clientAbsent(taxi: TaxiRef, orderId: number): Promise<void> {
    return this.#driverAction(taxi, orderId, async (trx, effects, now) => {
      const assignment = await this.#assignment(trx, taxi, orderId, [S.ACCEPTED]);
      await trx
        .updateTable('assignments')
        .set({ state: S.MINE, updated_at: now })
        .where('id', '=', assignment.id)
        .execute();
      await this.#log(trx, orderId, 'taxi_client_absent', taxi.callNumber, {}, now);
      await this.#touch(trx, orderId, now, effects);
      await this.#settle(trx, orderId, now, effects);
    });
  }

  /** The driver gives an accepted order back: it is forwarded to another taxi. */
  drop(taxi: TaxiRef, orderId: number): Promise<void> {
    return this.#driverAction(taxi, orderId, async (trx, effects, now) => {
      const assignment = await this.#assignment(trx, taxi, orderId, [S.ACCEPTED]);
      await trx
        .updateTable('assignments')
        .set({ state: S.CANCELLED, updated_at: now })
        .where('id', '=', assignment.id)
        .execute();
      await this.#log(trx, orderId, 'taxi_forward', taxi.callNumber, {}, now);
      await this.#touch(trx, orderId, now, effects);
      await this.#offerMore(trx, orderId, now, effects);
    });
  }

  /** The ride is over at the destination; the fare (if given) is the order's price. */
  rideEnd(taxi: TaxiRef, orderId: number, price: number | undefined): Promise<void> {
    return this.#driverAction(taxi, orderId, async (trx, effects, now) => {
      const assignment = await this.#assignment(trx, taxi, orderId, [S.PICKED_UP]);
      if (assignment.ride_ended_at !== null) return;
      await trx
        .updateTable('assignments')
        .set({ ride_ended_at: now, updated_at: now })
        .where('id', '=', assignment.id)
        .execute();
      const order = await trx
        .selectFrom('orders')
        .select('price')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      await this.#log(
        trx,
        orderId,
        'taxi_ride_end',
        taxi.callNumber,
        price === undefined ? {} : { price },
        now,
      );
      await this.#touch(
        trx,
        orderId,
        now,
        effects,
        price === undefined ? {} : { price: Math.round(((order.price ?? 0) + price) * 100) / 100 },
      );
    });
  }

  // ---- the client's side ----

  /** Cancels an order (state A) while no taxi has the client; ACTION_NOT_ALLOWED after. */
  cancel(orderId: number): Promise<void> {
    const now = this.#o.clock.now();
    return (async () => {
      const row = await this.#o.storage.db
        .selectFrom('orders')
        .select('corporation_id')
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!row) throw new ApiFailure('NOT_FOUND', 'Order not found');
      await this.#transition(row.corporation_id, async (trx, effects) => {
        const order = await trx
          .selectFrom('orders')
          .select('state')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        const pickedUp = await trx
          .selectFrom('assignments')
          .select('id')
          .where('order_id', '=', orderId)
          .where('state', '=', S.PICKED_UP)
          .executeTakeFirst();
        if (!['U', 'T'].includes(order.state) || pickedUp)
          throw new ApiFailure('ACTION_NOT_ALLOWED', 'The order can no longer be cancelled');
        await this.#cancelOffers(trx, orderId, now, effects);
        await this.#log(trx, orderId, 'cancel', null, { by: 'client' }, now);
        await this.#touch(trx, orderId, now, effects, { state: 'A', ended_at: now });
      });
    })();
  }
}
