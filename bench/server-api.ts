/**
 * API latency of the reference server: ORDER_SIM and GET_CURRENT_ORDERS with 50 concurrent
 * clients against one server process, on SQLite and (when reachable) on the local PostgreSQL.
 * Prints requests per second and p50/p99 latency. Not a timed test: it reports figures.
 *
 *   node bench/server-api.ts            (BENCH_SECONDS=5, BENCH_CLIENTS=50,
 *                                        BENCH_PG=postgres://postgres@127.0.0.1:5432/taxi_server_bench)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStorage } from '../server/src/db/storage.ts';
import type { Reply } from '../server/test/api.ts';
import { freshDatabase } from '../server/test/postgres.ts';
import { startServerProcess } from '../server/test/server-process.ts';
import { BENCH_LIMITS } from './server-common.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PG_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/taxi_server_bench';
const PICKUP = { lat: 50.0614, lng: 19.9366, city: 'Kraków', street: 'Rynek Główny', number: '1' };
const AIRPORT = { lat: 50.0777, lng: 19.7848, city: 'Balice', poi_name: 'Lotnisko' };

async function api(base: string, cmd: Record<string, unknown>) {
  const response = await fetch(`${base}/api/2/`, {
    method: 'POST',
    body: new URLSearchParams({ cmd: JSON.stringify(cmd) }),
  });
  const reply = (await response.json()) as Reply;
  if (reply.status !== 'OK') throw new Error(`${String(cmd.action_id)}: ${JSON.stringify(reply)}`);
  return reply;
}

async function signIn(base: string, phone: string): Promise<string> {
  await api(base, { action_id: 'GET_AUTH_PHONE_SEND_SECRET', phone, gdpr: true });
  const [sms] = (await (
    await fetch(`${base}/dev/sms-outbox?phone=${encodeURIComponent(phone)}`)
  ).json()) as { code: string }[];
  return (await api(base, { action_id: 'GET_AUTH_PHONE', phone, secret: sms!.code })).auth;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** CLIENTS loops, each with its own token, sending `cmd` back to back for SECONDS. */
async function load(
  base: string,
  tokens: string[],
  cmd: (token: string) => Record<string, unknown>,
) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await api(base, cmd(token));
          latencies.push(performance.now() - started);
        } catch {
          failures++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    rps: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function run(engine: 'sqlite' | 'postgres', databaseUrl: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'taxi-bench-'));
  const server = await (async () => {
    fs.mkdirSync(path.join(root, 'corporations'));
    fs.copyFileSync(
      path.join(REPO, 'server/corporations/localhost.json'),
      path.join(root, 'corporations/localhost.json'),
    );
    return startServerProcess({
      CORP_DIR: path.join(root, 'corporations'),
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SMS_DRIVER: 'outbox',
      ...BENCH_LIMITS,
    });
  })();
  try {
    const storage = await openStorage({ databaseUrl, dataDir: path.join(root, 'data') });
    const now = Date.now();
    await storage.db
      .insertInto('taxis')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          corporation_id: 'demo',
          call_number: String(i + 1),
          state: i % 3 ? 'W' : 'Z',
          lat: PICKUP.lat + ((i % 10) - 5) * 0.01,
          lng: PICKUP.lng + (Math.floor(i / 10) - 5) * 0.01,
          updated_at: now + 3600_000,
        })),
      )
      .execute();
    await storage.close();

    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++)
      tokens.push(await signIn(server.base, `+48607${String(100_000 + i).padStart(6, '0')}`));
    const tomorrow = new Date(Date.now() + 26 * 3600_000).toISOString().slice(0, 10);
    for (const token of tokens) {
      for (const hour of ['09:00', '17:30']) {
        await api(server.base, {
          action_id: 'ORDER_SAVE',
          auth: token,
          order: { order_type: 'T', date_time: `${tomorrow} ${hour}`, poi: PICKUP, dst: AIRPORT },
        });
      }
    }
    const order = {
      order_type: 'Z',
      poi: PICKUP,
      dst: AIRPORT,
      taxi_features_list: [1, 5],
      taxi_count: 1,
    };
    const results = {
      ORDER_SIM: await load(server.base, tokens, (auth) => ({
        action_id: 'ORDER_SIM',
        auth,
        lang: 'pl',
        order,
        taxi_group_id: 1,
      })),
      GET_CURRENT_ORDERS: await load(server.base, tokens, (auth) => ({
        action_id: 'GET_CURRENT_ORDERS',
        auth,
        lang: 'pl',
      })),
    };
    for (const [action, r] of Object.entries(results)) {
      console.log(
        `${engine.padEnd(9)} ${action.padEnd(19)} ${String(Math.round(r.rps)).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.requests} requests, ${r.failures} failed)`,
      );
    }
  } finally {
    await server.kill();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

console.log(
  `server API, ${CLIENTS} concurrent clients, ${SECONDS} s per action, one server process (${os.cpus().length} cores shared with the load generator)`,
);
await run('sqlite', '');
const pgUrl = await freshDatabase(PG_URL);
if (pgUrl) await run('postgres', pgUrl);
else console.log(`postgres  skipped: not reachable at ${PG_URL}`);
