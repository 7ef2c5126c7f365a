import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Clock } from '../base/clock.ts';
import type { CorporationLookup } from '../corporations/directory.ts';
import type { Db, Storage } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';
import type { EventBus } from '../events/bus.ts';
import type { GeoService } from '../geo/service.ts';
import type { OrderSecrets } from '../orders/secrets.ts';
import type { RouteEstimator } from '../geo/routing.ts';
import type { OrderEvent } from './record.ts';

/** The transaction a transition of the dispatch runs in. */
export type Trx = Transaction<Tables>;

/** What a step of the dispatch writes with: the database, the bus and the time. */
export interface Outbox {
  db: Db;
  bus: EventBus;
  now: number;
}

/**
 * What the dispatch asks of the concerns above it (they read its assignments and records), handed
 * in by the composition root.
 */
export interface DispatchHooks {
  /** The call numbers of the passenger's favourite taxis (favourites/store.ts). */
  favouriteCallNumbers(db: Db | Trx, clientId: number): Promise<string[]>;
  /** Queues the Web Push of a ride's new stage (notifications/outbox.ts). */
  queueRidePushes(outbox: Outbox, orderId: number, event: OrderEvent): Promise<void>;
  /** Queues the receipt mail of a finished ride (receipts/mail.ts). */
  queueReceiptMail(outbox: Outbox, orderId: number): Promise<void>;
}

/** What the dispatch works with: given once by the app, passed to every step. */
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
  hooks: DispatchHooks;
}
