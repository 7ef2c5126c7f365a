import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { LEASE_RENEW_MS, LEASE_TTL_MS, runWhileLeased } from '../src/simulator/lease.ts';
import { taxiCorporation, testStorage } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';
import { privateRedis } from './support/private-services.ts';

const server = await startApp({ corporations: [taxiCorporation('demo', ['localhost'])] });
const { fleet, corporations } = server.app.services;
const storage = await testStorage(server);

test('a flush stores every buffered position, in batches, and never an older one over a newer', async () => {
  const corporation = corporations.byId('demo')!;
  const count = 600;
  await storage.db
    .insertInto('taxis')
    .values(
      Array.from({ length: count }, (_, i) => ({
        corporation_id: 'demo',
        call_number: String(i),
        state: 'W',
        lat: 0,
        lng: 0,
        // Taxi 7 has a report newer than the one buffered below.
        updated_at: i === 7 ? 5_000 : 1_000,
      })),
    )
    .execute();
  for (let i = 0; i < count; i++)
    fleet.report(
      corporation,
      String(i),
      'W',
      { lat: 50 + i / 1000, lng: 20, acc: i % 2 ? 5 : null },
      2_000,
    );
  await fleet.flush();
  const rows = await storage.db
    .selectFrom('taxis')
    .select(['call_number', 'lat', 'lng', 'acc', 'updated_at'])
    .where('corporation_id', '=', 'demo')
    .execute();
  const byCall = new Map(rows.map((row) => [row.call_number, row]));
  for (let i = 0; i < count; i++) {
    const row = byCall.get(String(i))!;
    if (i === 7) {
      assert.deepEqual([row.lat, row.updated_at], [0, 5_000], 'the newer position stays');
      continue;
    }
    assert.deepEqual(
      [row.lat, row.lng, row.acc, row.updated_at],
      [50 + i / 1000, 20, i % 2 ? 5 : null, 2_000],
      `taxi ${i}`,
    );
  }
});

test('the demo fleet lease: one holder at a time, handed on when it stops, given up when Redis is gone', async () => {
  const redis = await privateRedis();
  after(redis.remove);
  const log = Fastify({ logger: false }).log;
  const key = `taxi-test-${process.pid}:fleet-lease`;
  const running = new Set<string>();
  const lease = (name: string, connection: Redis) =>
    runWhileLeased({
      redis: connection,
      key,
      what: 'test',
      log,
      start: () => {
        running.add(name);
        return async () => void running.delete(name);
      },
    });
  const until = async (what: string, check: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!check()) {
      assert.ok(Date.now() < end, `timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const connections = ['a', 'b'].map(() =>
    new Redis(redis.url, { maxRetriesPerRequest: 0, commandTimeout: 500 }).on('error', () => {}),
  );
  after(() => connections.forEach((connection) => connection.disconnect()));
  const stopA = lease('a', connections[0]!);
  await until('a to hold it', () => running.has('a'), 2_000);
  const stopB = lease('b', connections[1]!);
  after(stopB);
  await new Promise((resolve) => setTimeout(resolve, LEASE_RENEW_MS * 1.5));
  assert.deepEqual([...running], ['a'], 'b waits while a renews');

  // A stop gives the lease up: b takes it at its next try.
  const stoppedAt = Date.now();
  await stopA();
  await until('b to take it over', () => running.has('b'), LEASE_RENEW_MS + 1_000);
  assert.ok(Date.now() - stoppedAt <= LEASE_RENEW_MS + 1_000);

  // Redis gone: b cannot renew, and stops before the lease could have passed on.
  const goneAt = Date.now();
  await redis.stop();
  await until('b to stop', () => !running.has('b'), LEASE_TTL_MS);
  assert.ok(Date.now() - goneAt < LEASE_TTL_MS, 'stopped before the lease could expire');
});
