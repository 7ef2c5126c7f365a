// Liveness and readiness for the load balancer and the process manager (server/README.md,
// "Load balancer and rolling restarts"): /livez says the process answers; /readyz says it should
// be given calls.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations } from '../db/storage.ts';
import { within } from '../base/deadline.ts';
import type { Services } from '../base/services.ts';

/**
 * How long the database and Redis may take to answer before the process counts as not ready:
 * long enough that a busy pool under load does not take every process out at once, below
 * haproxy.cfg's `timeout check`.
 */
export const READY_TIMEOUT_MS = 2000;
/**
 * A verdict is reused this long: a flood of /readyz costs the database one query a second, not
 * one a call, and the balancer's checks (every 2 s) each get a fresh one.
 */
const VERDICT_REUSE_MS = 1000;

/** What /readyz names when the process should not be given calls. */
export type Unready = 'draining' | 'database' | 'migrations' | 'redis';

export interface Lifecycle {
  /** Set from the first SIGTERM on: readiness fails, replies close their connections. */
  draining: boolean;
}

/** Whether `work` succeeds within READY_TIMEOUT_MS. */
const answers = (work: Promise<unknown>) =>
  within(work, READY_TIMEOUT_MS, 'readiness').then(
    () => true,
    () => false,
  );

/** The dependencies' part of readiness: what fails now, [] when all answer. */
async function dependencies({ storage, bus }: Services): Promise<Unready[]> {
  const [database, migrations, redis] = await Promise.all([
    answers(sql`select 1`.execute(storage.db)),
    answers(
      pendingMigrations(storage).then((pending) => {
        if (pending.length > 0) throw new Error('pending');
      }),
    ),
    bus.ping ? bus.ping(READY_TIMEOUT_MS) : true,
  ]);
  const failing: Unready[] = [];
  if (!database) failing.push('database');
  // A database that does not answer says nothing of its migrations.
  else if (!migrations) failing.push('migrations');
  if (!redis) failing.push('redis');
  return failing;
}

export async function healthPlugin(
  app: FastifyInstance,
  { services, lifecycle }: { services: Services; lifecycle: Lifecycle },
) {
  let verdict: { at: number; failing: Promise<Unready[]> } | undefined;
  const check = () => {
    const now = performance.now();
    if (!verdict || now - verdict.at >= VERDICT_REUSE_MS)
      verdict = { at: now, failing: dependencies(services) };
    return verdict.failing;
  };

  app.get('/livez', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'live' };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const failing: Unready[] = lifecycle.draining ? ['draining'] : await check();
    if (failing.length === 0) return { status: 'ready' };
    return reply.code(503).send({ status: 'unready', failing });
  });
}
