import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientActions } from '@taxi/contract';
import type { Clock } from './base/clock.ts';
import type { Config } from './base/config.ts';
import type { CorporationLookup } from './corporations/directory.ts';
import type { Storage } from './db/storage.ts';
import type { Dispatcher } from './dispatch/engine.ts';
import type { EventBus } from './events/bus.ts';
import type { RateLimiter } from './events/limits.ts';
import type { LiveFleet } from './fleet/live.ts';
import type { MailKinds } from './mail/kinds.ts';
import type { GeoService } from './geo/service.ts';
import type { OrderSecrets } from './orders/secrets.ts';
import type { SmsSender } from './sms/sender.ts';
import type { ActionRegistry } from './api/registry.ts';
import type { RouteEstimator } from './geo/routing.ts';

/** Shared infrastructure handed to every plugin. */
export interface Services {
  config: Config;
  log: FastifyBaseLogger;
  corporations: CorporationLookup;
  storage: Storage;
  clock: Clock;
  sms: SmsSender;
  /** Road routes for quotes and ETAs: the corporation's geography, or an override in tests. */
  routes: RouteEstimator;
  /** Address search, reverse geocoding and routes per corporation. */
  geo: GeoService;
  /** In-process, or Redis pub/sub with REDIS_URL: tracking events, dispatch wake-ups, offers. */
  bus: EventBus;
  /** The caller's address as every per-address limit counts it (base/client-address.ts). */
  clientAddress(request: IncomingMessage): string;
  /** Per-key limits, in memory or in Redis. */
  limits: RateLimiter;
  /** Taxi positions: published at once, stored in batches. */
  fleet: LiveFleet;
  dispatch: Dispatcher;
  /** Makes order secrets and gives them back to the owner (orders/secrets.ts). */
  orderSecrets: OrderSecrets;
  /** Draws canary buckets and signs view tickets (releases/bucket.ts). */
  releaseKey: Buffer;
  /** The client API's actions (/api/2/): each concern adds its own. */
  actions: ActionRegistry<ClientActions>;
  /** The kinds of mail the outbox renders at the send (mail/kinds.ts): each concern adds its own. */
  mail: MailKinds;
}
