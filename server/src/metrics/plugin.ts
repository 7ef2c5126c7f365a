// GET /metrics (Prometheus text format) behind METRICS_TOKEN, the HTTP metrics of every request,
// and the gauges read from this app's database pool, Redis and orders at each scrape.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge } from 'prom-client';
import type { Db } from '../db/storage.ts';
import { sameSecret } from '../security/secrets.ts';
import type { Services } from '../base/services.ts';
import { actionOf, bounded, httpRequestDone, registry } from './record.ts';

const HOUR = 60 * 60_000;
/** Wrong tokens per address per hour before /metrics stops answering them. */
const FAILURES_PER_HOUR = 20;

/**
 * What the metrics read of other concerns, handed in by the composition root: the count of open
 * orders per state (orders/store.ts), and whether a path is one of the API's (releases/plugin.ts).
 */
export interface MetricsSources {
  openOrderCounts(db: Db): Promise<{ state: string; count: number }[]>;
  isApiPath(url: string): boolean;
}

/** The apps of this process whose pool, Redis and orders the gauges read (tests run several). */
const apps = new Set<{ services: Services; sources: MetricsSources }>();

new Gauge({
  name: 'taxi_db_pool_connections',
  help: "PostgreSQL connections of this process's pool by use: in_use, waiting (calls queued for one)",
  labelNames: ['use'],
  registers: [registry],
  collect() {
    this.reset();
    for (const {
      services: { storage },
    } of apps) {
      if (!storage.pool) continue;
      this.inc({ use: 'in_use' }, storage.pool.inUse());
      this.inc({ use: 'waiting' }, storage.pool.waiting());
    }
  },
});

new Gauge({
  name: 'taxi_redis_connected',
  help: "1 while this process's Redis connections are up, 0 while not; absent without REDIS_URL",
  registers: [registry],
  collect() {
    this.reset();
    for (const {
      services: { bus },
    } of apps)
      if (bus.connected) this.set(bus.connected() ? 1 : 0);
  },
});

new Gauge({
  name: 'taxi_orders_open',
  help: 'Orders not yet over by state, read from the database (every process reports the same: use max)',
  labelNames: ['state'],
  registers: [registry],
  async collect() {
    this.reset();
    for (const { services, sources } of apps) {
      for (const { state, count } of await sources.openOrderCounts(services.storage.db))
        this.set({ state: bounded('orders_open', 'state', state) }, Number(count));
    }
  },
});

/** The route pattern a request matched, or what kind of unmatched request it was. */
function routeOf(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route) return route;
  return request.method === 'GET' || request.method === 'HEAD' ? 'page' : 'unmatched';
}

export async function metricsPlugin(
  app: FastifyInstance,
  { services, sources }: { services: Services; sources: MetricsSources },
) {
  const { config, limits } = services;
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!config.metricsToken)
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    // Compared as hashes, so the comparison takes the same time whatever was sent. The right
    // token is always served: guesses from the scraper's address do not lock the scraper out.
    if (!sameSecret(token, config.metricsToken)) {
      const failures = `metrics-failures:${request.ip}`;
      if (!(await limits.take(failures, FAILURES_PER_HOUR, HOUR)))
        return reply.code(429).type('text/plain; charset=utf-8').send('Too many attempts\n');
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="Taxi metrics"')
        .type('text/plain; charset=utf-8')
        .send('The metrics token is required\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  // Without a token nothing reads the metrics: the per-request hook is left out too.
  if (!config.metricsToken) return;
  const watched = { services, sources };
  apps.add(watched);
  app.addHook('onClose', async () => {
    apps.delete(watched);
  });
  // A callback hook, not an async one: no promise a request.
  app.addHook('onResponse', (request, reply, done) => {
    const action = actionOf(request) ?? (sources.isApiPath(request.url) ? 'other' : '');
    httpRequestDone(routeOf(request), action, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

// Its hook sees every request of the app, not only those of its own routes.
(metricsPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
