import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { CorporationLookup } from './corporations/directory.ts';
import type { Storage } from './db/storage.ts';
import type { SmsSender } from './sms/sender.ts';
import type { ActionRegistry } from './api/registry.ts';
import type { RouteEstimator } from './quotes/routing.ts';

/** Shared infrastructure handed to every plugin. */
export interface Services {
  config: Config;
  log: FastifyBaseLogger;
  corporations: CorporationLookup;
  storage: Storage;
  clock: Clock;
  sms: SmsSender;
  routes: RouteEstimator;
  /** The client API's actions (/api/2/): each concern adds its own. */
  actions: ActionRegistry;
}
