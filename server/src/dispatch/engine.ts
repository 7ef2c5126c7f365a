import type { Transaction } from 'kysely';
import type { Lang } from '../api/registry.ts';
import type { Corporation } from '../corporations/directory.ts';
import type { Tables } from '../db/tables.ts';
import type { OrderForm } from '../orders/form.ts';
import {
  type DriverActionName,
  type DriverInput,
  runDriverAction,
  type TaxiRef,
} from './driver-actions.ts';
import { dueOrders } from '../orders/store.ts';
import { cancelOrder, logCreated, prepare, startOrder } from './intake.ts';
import { lapse, lapsedOffers, offerMore, ordersShortOfTaxis } from './matching.ts';
import { channels, publishOrder } from './publishing.ts';
import { SUBSCRIPTION_CHECK_MS, subscriptionRides } from './subscriptions.ts';
import type { DispatcherOptions } from './options.ts';
import { transition } from './transition.ts';
import { dispatchRound } from '../metrics/record.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

/**
 * The dispatch: offers each order to the nearest free taxis, re-offers after a reject, a timeout
 * or a withdrawn acceptance, dispatches timed orders at their time minus advance, creates the
 * rides of subscriptions, and moves orders through their states as drivers report. Every
 * transition runs under the corporation's dispatch lock (one transaction), is written to the
 * order log, and is published on the bus for the tracking sockets and the drivers. This class
 * is the round that finds the work; intake.ts, matching.ts, subscriptions.ts and
 * driver-actions.ts do it.
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
    const o = this.#o;
    const { db } = o.storage;
    const now = o.clock.now();
    await o.flushPositions();
    if (now - this.#subscriptionsAt >= SUBSCRIPTION_CHECK_MS || now < this.#subscriptionsAt) {
      this.#subscriptionsAt = now;
      await subscriptionRides(o, now);
    }
    for (const order of await dueOrders(db, now))
      await transition(o, order.corporation_id, now, (change) => startOrder(o, change, order.id));
    for (const offer of await lapsedOffers(db, now))
      await transition(o, offer.corporation_id, now, (change) => lapse(o, change, offer.id));
    const short = await ordersShortOfTaxis(db);
    dispatchRound(short.length);
    for (const order of short)
      await transition(o, order.corporation_id, now, (change) => offerMore(o, change, order.id));
  }

  /** Publishes the order's tracking record on the bus. */
  publishOrder(orderId: number): Promise<void> {
    return publishOrder(this.#o, orderId);
  }

  /** The columns the dispatch keeps with a new order (ORDER_SAVE). */
  prepare(corporation: Corporation, form: OrderForm, lang: Lang, now: number) {
    return prepare(this.#o, corporation, form, lang, now);
  }

  /** Writes the `created` entry of a new order, in the transaction that saves it. */
  logCreated(trx: Transaction<Tables>, orderId: number, form: OrderForm, now: number) {
    return logCreated({ trx, now }, orderId, form);
  }

  /** A step a driver reports (through the driver API only): DRIVER_ACTIONS. */
  driverAction(name: DriverActionName, taxi: TaxiRef, orderId: number, input: DriverInput = {}) {
    return runDriverAction(this.#o, name, taxi, orderId, input);
  }

  /** The client cancels (state A) while no taxi has the client; ACTION_NOT_ALLOWED after. */
  cancel(orderId: number): Promise<void> {
    return cancelOrder(this.#o, orderId);
  }
}

declare module '../base/services.ts' {
  interface Services {
    dispatch: Dispatcher;
  }
}
