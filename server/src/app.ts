import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { accountsPlugin } from './accounts/plugin.ts';
import { ActionRegistry } from './api/registry.ts';
import { actionTransport } from './api/transport.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { openCorporationDirectory } from './corporations/directory.ts';
import { corporationsPlugin } from './corporations/plugin.ts';
import { openStorage } from './db/storage.ts';
import { ApiFailure, errorReply } from './errors.ts';
import { ordersPlugin } from './orders/plugin.ts';
import { greatCircleRoutes, type RouteEstimator } from './quotes/routing.ts';
import { quotesPlugin } from './quotes/plugin.ts';
import { ratingPlugin } from './rating/plugin.ts';
import { redactUrl } from './redact.ts';
import { isApiPath, isPagePath, releasesPlugin, servePage } from './releases/plugin.ts';
import { reportsPlugin } from './reports/plugin.ts';
import type { Services } from './services.ts';
import { createHttpGateway } from './sms/http.ts';
import { createOutbox } from './sms/outbox.ts';
import { outboxPlugin } from './sms/plugin.ts';

/** Bodies of the API are small forms; anything bigger is abuse. */
const BODY_LIMIT = 256 * 1024;

/** What tests and later issues may replace. */
export interface Overrides {
  clock?: Clock;
  routes?: RouteEstimator;
}

export async function buildApp(config: Config, overrides: Overrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    logger:
      config.logLevel === false
        ? false
        : {
            level: config.logLevel,
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
            },
          },
  });

  const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  app.addHook('onClose', () => storage.close());
  if (storage.applied.length > 0) app.log.info({ migrations: storage.applied, engine: storage.engine }, 'database schema updated');
  const outbox = config.sms.driver === 'outbox' ? createOutbox(app.log) : undefined;
  const services: Services = {
    config,
    log: app.log,
    corporations: openCorporationDirectory(config.corpDir, app.log, config.corpRefreshMs),
    storage,
    clock: overrides.clock ?? systemClock,
    sms: config.sms.driver === 'http' ? createHttpGateway(config.sms) : outbox!,
    routes: overrides.routes ?? greatCircleRoutes,
    actions: new ActionRegistry(),
  };

  // API callers treat any non-200 reply as a lost connection, so a failed call is HTTP 200 with
  // status ERR; pages and files keep their HTTP status.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const api = isApiPath(request.url);
    if (error instanceof ApiFailure) return reply.code(200).send(errorReply(error.code, error.message));
    const clientFault = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
    if (clientFault) {
      request.log.info({ code: error.code }, 'bad request');
      return reply.code(api ? 200 : error.statusCode!).send(errorReply('ARG_ERROR', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(api ? 200 : 500).send(errorReply('EXCEPTION'));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url)) {
      return servePage(services, request, reply);
    }
    return reply.code(404).send(errorReply('NOT_FOUND', `Nothing at ${request.method} ${redactUrl(request.url)}`));
  });

  await app.register(fastifyFormbody);
  await app.register(corporationsPlugin, services);
  await app.register(releasesPlugin, services);
  await app.register(reportsPlugin, services);
  await app.register(accountsPlugin, services);
  await app.register(ordersPlugin, services);
  await app.register(quotesPlugin, services);
  await app.register(ratingPlugin, services);
  await app.register(actionTransport, { services, registry: services.actions, path: '/api/2/', get: true });
  if (outbox && !config.production) await app.register(outboxPlugin, { outbox });
  return app;
}
