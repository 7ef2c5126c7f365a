import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { taxiCorporation } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';
import { processEnv } from './support/process-setup.ts';
import { privateHaproxy, privatePostgres, privateRedis } from './support/private-services.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

async function health(base: string, pathname: '/livez' | '/readyz') {
  const response = await fetch(`${base}${pathname}`, { signal: AbortSignal.timeout(5000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls /readyz until it answers `status` (the verdict is reused up to a second). */
async function readyzBecomes(base: string, status: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reply = await health(base, '/readyz');
    if (reply.status === status) return reply.body;
    if (Date.now() > until)
      throw new Error(`/readyz stays ${reply.status}: ${JSON.stringify(reply.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('/readyz fails while a migration this code knows has not run', async () => {
  const { app } = await startApp();
  const ready = await app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(ready.statusCode, 200);
  assert.deepEqual(ready.json(), { status: 'ready' });
  const { db } = app.services.storage;
  const last = await db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .orderBy('name' as never, 'desc')
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('kysely_migration' as never)
    .where('name' as never, '=', (last as { name: string }).name as never)
    .execute();
  // The verdict of the first call is reused for a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const pending = await app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(pending.statusCode, 503);
  assert.deepEqual(pending.json(), { status: 'unready', failing: ['migrations'] });
  assert.equal((await app.inject({ method: 'GET', url: '/livez' })).statusCode, 200);
});

test(
  'PostgreSQL or Redis gone under one process: it leaves the balancer, stays up, and returns with them; a draining process leaves before it stops accepting',
  { timeout: 120_000 },
  async () => {
    const [postgres, redis] = await Promise.all([privatePostgres(), privateRedis()]);
    after(postgres.remove);
    after(redis.remove);
    const corporation = taxiCorporation('demo', ['127.0.0.1']);
    // Process 0 on the private PostgreSQL and Redis; process 1 on its own SQLite, no Redis, so
    // that it keeps serving through the balancer while process 0's dependencies are away.
    const env = processEnv(corporation, {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      DRAIN_NOTICE_MS: '3000',
    });
    const servers: ServerProcess[] = [
      await startServerProcess(env),
      await startServerProcess(processEnv(corporation)),
    ];
    after(() => Promise.all(servers.map((server) => server.kill())));
    const [watched, other] = servers as [ServerProcess, ServerProcess];
    const balancer = await privateHaproxy(
      servers.map((server) => `127.0.0.1:${new URL(server.base).port}`),
    );
    after(balancer.remove);
    assert.deepEqual(await readyzBecomes(watched.base, 200), { status: 'ready' });

    const outage = async (
      name: 'database' | 'redis',
      stop: () => Promise<void>,
      start: () => Promise<void>,
    ) => {
      await stop();
      assert.deepEqual(await readyzBecomes(watched.base, 503), {
        status: 'unready',
        failing: [name],
      });
      assert.deepEqual(await health(watched.base, '/livez'), {
        status: 200,
        body: { status: 'live' },
      });
      await balancer.waitFor(0, 'DOWN');
      // The balancer sends every call to the other process meanwhile.
      for (let n = 0; n < 4; n++)
        assert.equal((await health(balancer.base, '/readyz')).status, 200);
      assert.equal(watched.child.exitCode, null, 'the process stays up');
      await start();
      await readyzBecomes(watched.base, 200, 30_000);
      await balancer.waitFor(0, 'UP');
    };
    await outage('database', () => postgres.stop('fast'), postgres.start);
    await outage('redis', redis.stop, redis.start);
    assert.equal((await health(other.base, '/readyz')).status, 200);

    // SIGTERM: readiness fails at once while the process still accepts calls; the balancer takes
    // it out before its listener closes.
    const exited = watched.stop();
    let exitedAt = Infinity;
    void exited.then(() => (exitedAt = performance.now()));
    assert.deepEqual(await readyzBecomes(watched.base, 503, 2000), {
      status: 'unready',
      failing: ['draining'],
    });
    assert.equal((await health(watched.base, '/livez')).status, 200);
    await balancer.waitFor(0, 'DOWN');
    const downAt = performance.now();
    assert.equal(await exited, 0, 'drained and exited cleanly');
    assert.ok(downAt < exitedAt, 'out of the balancer before the process stopped');
  },
);
