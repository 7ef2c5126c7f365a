import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { CorporationLookup } from '../corporations/directory.ts';
import type { Storage } from '../db/storage.ts';
import type { EventBus } from '../events/bus.ts';
import type { GeoService } from '../geo/service.ts';
import type { OrderSecrets } from '../orders/secrets.ts';
import type { RouteEstimator } from '../geo/routing.ts';

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
}
