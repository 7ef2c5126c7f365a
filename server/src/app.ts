import type { PushNetwork } from './notifications/sender.ts';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { accountsPlugin } from './accounts/plugin.ts';
import { phoneCountries } from './accounts/phone.ts';
import { clientActionRegistry } from './api/registry.ts';
import { clientAddressOf, trustRule } from './base/client-address.ts';
import { actionTransport } from './api/transport.ts';
import { type Clock, systemClock } from './base/clock.ts';
import type { Config } from './base/config.ts';
import { openCorporationDirectory } from './corporations/directory.ts';
import { corporationsPlugin } from './corporations/plugin.ts';
import { openStorage } from './db/storage.ts';
import { MIGRATIONS } from './modules.ts';
import { Dispatcher } from './dispatch/engine.ts';
import { driverPlugin } from './driver/plugin.ts';
import { type EventBus, memoryBus, redisBus } from './events/bus.ts';
import { memoryLimiter, redisLimiter } from './events/limits.ts';
import { LiveFleet } from './fleet/live.ts';
import { runWhileLeased } from './simulator/lease.ts';
import { startSimulator } from './simulator/simulator.ts';
import { geoPlugin } from './geo/plugin.ts';
import { healthPlugin, type Lifecycle } from './health/plugin.ts';
import { metricsPlugin } from './metrics/plugin.ts';
import { countReply } from './metrics/record.ts';
import { GeoService } from './geo/service.ts';
import { tilePictures } from './tiles/pictures.ts';
import { tilesPlugin } from './tiles/plugin.ts';
import { trackingPlugin } from './tracking/plugin.ts';
import { ApiFailure, errorReply } from './base/errors.ts';
import { queueRidePushes } from './notifications/outbox.ts';
import { notificationsPlugin } from './notifications/plugin.ts';
import { ordersPlugin } from './orders/plugin.ts';
import { placesPlugin } from './places/plugin.ts';
import { deletePlacesOf } from './places/store.ts';
import { favouritesPlugin } from './favourites/plugin.ts';
import { deleteFavouritesOf, favouriteCallNumbers } from './favourites/store.ts';
import { invoicesPlugin } from './invoices/plugin.ts';
import { deleteProfilesOf, invoiceNumbers, requestInvoice } from './invoices/store.ts';
import { MailKinds } from './mail/kinds.ts';
import { mailPlugin } from './mail/plugin.ts';
import { deleteEmailOf } from './mail/addresses.ts';
import type { RouteEstimator } from './geo/routing.ts';
import { quotesPlugin } from './quotes/plugin.ts';
import { orderSecretKey, orderSecrets as createOrderSecrets } from './orders/secrets.ts';
import { openOrderCounts } from './orders/store.ts';
import { releaseHealthKey } from './releases/bucket.ts';
import { startRetention } from './retention.ts';
import { ratingPlugin } from './rating/plugin.ts';
import { queueReceiptMail } from './receipts/mail.ts';
import { receiptsPlugin } from './receipts/plugin.ts';
import { redactUrl } from './base/redact.ts';
import { closeRedis, connectRedis } from './base/redis.ts';
import { isApiPath, isPagePath, releasesPlugin, servePage } from './releases/plugin.ts';
import { isRelease } from './releases/resolve.ts';
import { reportsPlugin } from './reports/plugin.ts';
import { securityHeaders } from './security/headers.ts';
import type { Services } from './base/services.ts';
import { createHttpGateway } from './sms/http.ts';
import { createOutbox } from './sms/outbox.ts';
import { outboxPlugin } from './sms/plugin.ts';

/** Bodies of the API are small forms; anything bigger is abuse. */
const BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared infrastructure, for the operator's tools, tests and benchmarks. */
    services: Services;
    /** Fails readiness and closes each reply's connection; app.close() follows (src/main.ts). */
    beginDrain(): void;
  }
}

/** What tests may replace. */
export interface Overrides {
  clock?: Clock;
  routes?: RouteEstimator;
  bus?: EventBus;
  /** Where the log goes (tests read it); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** How Web Push reaches the network (tests trust their push service's certificate, name DNS). */
  pushNetwork?: PushNetwork;
}

export async function buildApp(
  config: Config,
  overrides: Overrides = {},
): Promise<FastifyInstance> {
  const clientAddress = clientAddressOf(config.trustProxy);
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // The same rule as clientAddress, for request.protocol and request.host behind a proxy.
    trustProxy: trustRule(config.trustProxy),
    // A slow or silent caller cannot hold a connection: the longest legitimate wait is a driver's
    // 25 s long poll. Keep-alive outlasts a load balancer's usual 60 s idle timeout.
    requestTimeout: config.limits.requestTimeoutMs,
    connectionTimeout: config.limits.connectionTimeoutMs,
    keepAliveTimeout: Math.min(72_000, config.limits.connectionTimeoutMs),
    // Draining (docs/operations.md, "Load balancer and rolling restarts"): a request that arrives on
    // an open connection while the server closes is served (database and bus still there).
    return503OnClosing: false,
    logger:
      config.logLevel === false
        ? false
        : {
            level: config.logLevel,
            ...(overrides.logStream ? { stream: overrides.logStream } : {}),
            serializers: {
              req: (req) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: clientAddress(req.raw),
              }),
            },
          },
  });

  // Before the database opens: a bad key stops the start with nothing left open.
  const orderSecrets = createOrderSecrets(orderSecretKey(config));
  const releaseKey = releaseHealthKey(config);
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrations: MIGRATIONS,
    onConnectionError: (error) =>
      app.log.warn({ err: error }, 'database: an idle connection broke; the pool opens another'),
  });
  if (storage.applied.length > 0)
    app.log.info(
      { migrations: storage.applied, engine: storage.engine },
      'database schema updated',
    );
  // The deployment's shared state besides the bus and the limits: the demo fleet's lease, the
  // outbox. An outage shows where it matters (a failed send, a lease given up), not per retry;
  // a command fails within a second, so that a holder knows in time that it cannot renew.
  const redis = config.redis
    ? connectRedis(config.redis, { maxRetriesPerRequest: 2, commandTimeout: 1_000 }).on(
        'error',
        () => {},
      )
    : undefined;
  const outbox =
    config.sms.driver === 'outbox'
      ? createOutbox({ log: app.log, redis, prefix: config.redisPrefix })
      : undefined;
  if (config.redis && !config.orderSecretKey)
    app.log.warn(
      'orders: several instances (REDIS_URL or REDIS_SENTINELS) without ORDER_SECRET_KEY: each derives other order links; give them all the same key',
    );
  const onError = (error: unknown) => app.log.error({ err: error }, 'background work failed');
  const bus =
    overrides.bus ??
    (config.redis ? redisBus(config.redis, config.redisPrefix, onError) : memoryBus(onError));
  const clock = overrides.clock ?? systemClock;
  const limits = config.redis
    ? redisLimiter(config.redis, config.redisPrefix, app.log)
    : memoryLimiter(() => clock.now());
  const corporations = openCorporationDirectory(
    config.corpDir,
    app.log,
    config.corpRefreshMs,
    config.unpinnedReleases,
  );
  const geo = new GeoService({
    cacheDir: path.join(config.dataDir, 'geo'),
    defaultExtract: config.osmExtract,
    log: app.log,
  });
  const routes = overrides.routes ?? geo;
  const fleet = new LiveFleet(storage, bus, geo, onError);
  const dispatch = new Dispatcher({
    storage,
    clock,
    corporations,
    bus,
    geo,
    routes,
    log: app.log,
    flushPositions: () => fleet.flush(),
    orderSecrets,
    hooks: { favouriteCallNumbers, queueRidePushes, queueReceiptMail },
  });
  const services: Services = {
    config,
    log: app.log,
    corporations,
    storage,
    clock,
    sms: config.sms.driver === 'http' ? createHttpGateway(config.sms) : outbox!,
    routes,
    geo,
    bus,
    clientAddress,
    limits,
    fleet,
    dispatch,
    orderSecrets,
    releaseKey,
    actions: clientActionRegistry(),
    mail: new MailKinds(),
  };
  app.decorate('services', services);
  app.server.headersTimeout = Math.min(15_000, config.limits.requestTimeoutMs);
  fleet.start(config.positionFlushMs);
  await dispatch.start(config.dispatchTickMs);
  let stopSimulator: (() => Promise<void>) | undefined;
  const stopRetention = startRetention(services);
  // One hook, so that the order holds: no new work, buffered positions written, then the connections.
  app.addHook('onClose', async () => {
    await stopSimulator?.();
    await stopRetention();
    await dispatch.stop();
    await fleet.stop();
    await bus.close();
    await limits.close();
    if (redis) await closeRedis(redis);
    await storage.close();
  });

  // Draining: /readyz fails, and every reply from now on, to a request that came before too, ends
  // its connection, so that the load balancer opens the next one to another process (an idle
  // keep-alive connection is closed at once; one busy then would otherwise stay open).
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('beginDrain', () => {
    lifecycle.draining = true;
  });
  app.addHook('preClose', async () => {
    lifecycle.draining = true;
  });

  // API callers treat any non-200 reply as a lost connection, so a failed call is HTTP 200 with
  // status ERR; pages and files keep their HTTP status.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const api = isApiPath(request.url);
    if (error instanceof ApiFailure) {
      countReply(request, error.code);
      return reply.code(200).send(errorReply(error.code, error.message));
    }
    const clientFault =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
    if (clientFault) {
      request.log.info({ code: error.code }, 'bad request');
      return reply.code(api ? 200 : error.statusCode!).send(errorReply('ARG_ERROR', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    countReply(request, 'EXCEPTION');
    return reply.code(api ? 200 : 500).send(errorReply('EXCEPTION'));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url)) {
      return servePage(services, request, reply);
    }
    return reply
      .code(404)
      .send(errorReply('NOT_FOUND', `Nothing at ${request.method} ${redactUrl(request.url)}`));
  });

  // How long the server itself took, so that a client can tell network and server time apart.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    if (lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
  await app.register(fastifyFormbody);
  await app.register(securityHeaders, services);
  await app.register(healthPlugin, { services, lifecycle });
  await app.register(metricsPlugin, { services, sources: { openOrderCounts, isApiPath } });
  await app.register(corporationsPlugin, {
    services,
    // The countries the corporation sends codes to travel with the settings, so the login screen
    // can say which numbers are supported before it asks for a code; so do the map's pictures, so
    // a screen shows them without asking the style first.
    moreSettings: (corporation) => ({
      phone_countries: phoneCountries(corporation),
      tile_pictures: tilePictures(services.geo, corporation),
    }),
  });
  await app.register(releasesPlugin, services);
  await app.register(reportsPlugin, { services, isRelease });
  await app.register(accountsPlugin, {
    services,
    forgetClient: [deletePlacesOf, deleteFavouritesOf, deleteProfilesOf, deleteEmailOf],
  });
  await app.register(ordersPlugin, { services, invoices: { requestInvoice, invoiceNumbers } });
  await app.register(quotesPlugin, services);
  await app.register(ratingPlugin, services);
  await app.register(receiptsPlugin, services);
  await app.register(placesPlugin, services);
  await app.register(favouritesPlugin, services);
  await app.register(invoicesPlugin, services);
  await app.register(mailPlugin, { services });
  await app.register(notificationsPlugin, { services, network: overrides.pushNetwork });
  await app.register(geoPlugin, services);
  await app.register(tilesPlugin, services);
  await app.register(trackingPlugin, services);
  await app.register(driverPlugin, services);
  await app.register(actionTransport, {
    services,
    registry: services.actions,
    path: '/api/2/',
    get: true,
  });
  if (outbox && config.sms.driver === 'outbox' && !config.production) {
    const open = config.sms.public === true;
    await app.register(outboxPlugin, { outbox, corporations, public: open });
    app.log.warn(
      { public: open },
      open
        ? 'sms: the demo outbox is on and PUBLIC (SMS_OUTBOX_PUBLIC=true): GET /dev/sms-outbox shows login codes to anyone who reaches this server'
        : 'sms: the demo outbox is on: GET /dev/sms-outbox shows login codes to callers on this machine (loopback) only; no text message is really sent',
    );
  }
  // Imports (or reads the cached import of) every corporation's extract now, not on first use.
  for (const corporation of corporations.all()) void geo.embedded(corporation);
  if (config.fleet.mode === 'sim') {
    app.addHook('onReady', async () => {
      // Once per deployment: every process shares the taxis, and each start resets their passwords.
      stopSimulator = runWhileLeased({
        redis,
        key: `${config.redisPrefix}fleet-lease`,
        what: 'demo fleet',
        log: app.log,
        start: () => startSimulator(app, services),
      });
    });
  }
  return app;
}
