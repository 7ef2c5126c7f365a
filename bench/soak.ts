/**
 * Soak: one server process (SQLite) with the demo fleet of Monaco driving at high speed, and
 * hundreds of simulated passengers, each in a loop: quote (ORDER_SIM), order (ORDER_SAVE),
 * follow the ride on the tracking socket, cancel one ride in six while it waits, rate the
 * finished ones, list their orders. Prints orders placed and how they ended, p50/p99 of each
 * call, the server's memory (RSS) after the warm-up and at the end against a stated bound, and
 * the errors outside spec section 8's catalogue (must be 0). Not part of npm test.
 *
 *   node bench/soak.ts [--minutes 30] [--passengers 200] [--taxis 60] [--speed 20]
 *        (BENCH_OSM_DIR=../shared/data/osm)
 *
 * Every passenger calls from 127.0.0.1, so the per-address and per-client limits are lifted
 * (LIFTED_LIMITS); the load loops stop by themselves at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { isErrorCode } from '@taxi/contract';
import type { Reply } from '@taxi/server/test-support/api';
import { signInThroughOutbox } from '@taxi/server/test-support/process-calls';
import { trackingSocket } from '@taxi/server/test-support/track-socket';
import { benchServer, percentile } from './server-common.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OSM_DIR = path.resolve(process.env.BENCH_OSM_DIR ?? path.join(REPO, '../shared/data/osm'));
const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    passengers: { type: 'string', default: '200' },
    taxis: { type: 'string', default: '60' },
    speed: { type: 'string', default: '20' },
  },
});
const MINUTES = Number(flags.minutes);
const PASSENGERS = Number(flags.passengers);
/** RSS may grow by at most this between the end of the warm-up and the end of the run. */
const MEMORY_BOUND_MIB = 64;
const WARM_UP_MS = Math.min(5 * 60_000, (MINUTES * 60_000) / 2);
const FINAL_STAGES = ['finished', 'no_show', 'cancelled'];
/** Between two rides a passenger pauses this long to twice as long. */
const PAUSE_MS = 15_000;
/** A passenger gives up waiting for a taxi after this long (and cancels). */
const GIVE_UP_MS = 90_000;
/** Monaco: pickups and destinations around these points (the demo's taxi ranks and beyond). */
const PLACES = [
  { lat: 43.7392, lng: 7.4268 },
  { lat: 43.7385, lng: 7.4203 },
  { lat: 43.7276, lng: 7.4155 },
  { lat: 43.7311, lng: 7.4197 },
  { lat: 43.7447, lng: 7.4308 },
];

const latencies = new Map<string, number[]>();
const outcomes = new Map<string, number>();
const catalogueErrors = new Map<string, number>();
const outsideCatalogue: string[] = [];
const record = (name: string, ms: number) =>
  (latencies.get(name) ?? latencies.set(name, []).get(name)!).push(ms);
const tally = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const near = (point: { lat: number; lng: number }) => ({
  lat: point.lat + (Math.random() - 0.5) * 0.002,
  lng: point.lng + (Math.random() - 0.5) * 0.002,
});

/** One call, timed; an answer outside the catalogue (not HTTP 200, not JSON, unknown code) is noted. */
async function call(base: string, pathname: string, cmd: Record<string, unknown>) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ cmd: JSON.stringify({ lang: 'en', ...cmd }) }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const name = String(cmd.action_id);
    record(name, performance.now() - started);
    if (response.status !== 200) {
      outsideCatalogue.push(`${name}: HTTP ${response.status}`);
      return undefined;
    }
    const reply = JSON.parse(text) as Reply;
    if (reply.status === 'ERR') {
      if (isErrorCode(reply.error_data)) tally(catalogueErrors, `${name} ${reply.error_data}`);
      else outsideCatalogue.push(`${name}: ${text.slice(0, 200)}`);
      return undefined;
    }
    return reply;
  } catch (error) {
    outsideCatalogue.push(`${String(cmd.action_id)}: ${(error as Error).message}`);
    return undefined;
  }
}

const signIn = (base: string, phone: string) => signInThroughOutbox(base, phone, call);

/** One passenger until `until`: order, follow, cancel or rate, again. */
async function passenger(base: string, n: number, until: number) {
  const auth = await signIn(base, `+48609${String(100_000 + n).padStart(6, '0')}`);
  if (!auth) return;
  while (Date.now() < until) {
    const order = {
      order_type: 'Z',
      poi: { ...near(pick(PLACES)), city: 'Monaco' },
      dst: { ...near(pick(PLACES)), city: 'Monaco' },
      taxi_count: 1,
    };
    const quote = await call(base, '/api/2/', {
      action_id: 'ORDER_SIM',
      auth,
      order,
      taxi_group_id: 1,
    });
    const saved = quote && (await call(base, '/api/2/', { action_id: 'ORDER_SAVE', auth, order }));
    if (!saved) {
      await pause(1000);
      continue;
    }
    tally(outcomes, 'placed');
    const track = saved.track as { order_short_id: string; secret: string };
    const stage = await follow(base, auth, track, until);
    tally(outcomes, FINAL_STAGES.includes(stage) ? stage : 'open at the end');
    if (Date.now() >= until) break;
    if (stage === 'finished')
      await call(base, '/rate/api/1/', { action_id: 'SET_RATE', ...track, data: { rate: 2 } });
    await call(base, '/api/2/', { action_id: 'GET_CURRENT_ORDERS', auth });
    await pause(PAUSE_MS + Math.random() * PAUSE_MS);
  }
}

/** Follows the order on a tracking socket until it ends; one in six is cancelled while waiting. */
async function follow(
  base: string,
  auth: string,
  track: { order_short_id: string; secret: string },
  until: number,
): Promise<string> {
  const opened = performance.now();
  const socket = await trackingSocket(base.replace('http://', ''), '127.0.0.1').catch(
    () => undefined,
  );
  if (!socket) {
    outsideCatalogue.push('tracking socket: not opened');
    return 'unfollowed';
  }
  // As the passenger's client does: a socket that never answers PING is dropped after 75 s.
  socket.ws.addEventListener('message', (event) => {
    if (String(event.data).includes('"PING"')) socket.send({ action_id: 'PING', status: 'OK' });
  });
  socket.send({ action_id: 'LOGIN', user_agent: 'soak', ...track });
  const login = await socket.next((m) => m.action_id === 'LOGIN', 30_000).catch(() => undefined);
  record('track LOGIN', performance.now() - opened);
  if (login?.status !== 'OK') {
    outsideCatalogue.push(`track LOGIN: ${JSON.stringify(login)}`);
    socket.close();
    return 'unfollowed';
  }
  const cancelAfter = Math.random() < 1 / 6 ? 2000 + Math.random() * 8000 : GIVE_UP_MS;
  let stage = 'created';
  let cancelSent = false;
  for (;;) {
    const waiting = ['created', 'waiting_for_taxi', 'waiting_for_accept'].includes(stage);
    const left = until - Date.now();
    if (left <= 0) break;
    if (waiting && !cancelSent && performance.now() - opened > cancelAfter) {
      cancelSent = true;
      const started = performance.now();
      socket.send({ action_id: 'ORDER_CANCEL', auth });
      const reply = await socket
        .next((m) => m.action_id === 'ORDER_CANCEL', 30_000)
        .catch((error: Error) => ({ status: error.message, error_data: 'none' }));
      record('ORDER_CANCEL', performance.now() - started);
      // Refused (the taxi took it meanwhile, say): the ride goes on.
      if (reply.status !== 'OK' && isErrorCode(reply.error_data))
        tally(catalogueErrors, `ORDER_CANCEL ${reply.error_data}`);
      else if (reply.status !== 'OK')
        outsideCatalogue.push(`ORDER_CANCEL: ${JSON.stringify(reply)}`);
    }
    const update = await socket
      .update(() => true, Math.min(left, waiting ? 5_000 : 60_000))
      .catch(() => undefined);
    if (update) stage = (update.order as Reply).stage as string;
    if (FINAL_STAGES.includes(stage)) break;
    if (socket.closed) break;
  }
  socket.close();
  return stage;
}

function rssMiB(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? NaN) / 1024;
}

const corporation = JSON.parse(
  fs.readFileSync(path.join(REPO, 'server/corporations/localhost.json'), 'utf8'),
) as Record<string, unknown>;
corporation.hostnames = ['127.0.0.1'];
corporation.geo = { ...(corporation.geo as object), extract: path.join(OSM_DIR, 'monaco.osm.pbf') };
const bench = await benchServer(corporation, {
  SMS_DRIVER: 'outbox',
  FLEET: 'sim',
  FLEET_SIZE: flags.taxis,
  FLEET_SPEED: flags.speed,
});
const { server } = bench;
const pid = server.child.pid!;
try {
  // The extract is imported in the background at start: begin once a quote follows the roads.
  const probe = await signIn(server.base, '+48609000000');
  const route = { poi: PLACES[0], dst: PLACES[2] };
  for (let attempt = 0; ; attempt++) {
    const quote = await call(server.base, '/api/2/', {
      action_id: 'ORDER_SIM',
      auth: probe,
      order: route,
    });
    if (((quote?.dst_map_points as unknown[] | undefined)?.length ?? 0) > 2) break;
    if (attempt > 1200) throw new Error(`no road route in Monaco: is ${OSM_DIR} there?`);
    await pause(100);
  }
  latencies.clear();
  const started = Date.now();
  const until = started + MINUTES * 60_000;
  console.log(
    `soak: ${MINUTES} min, ${PASSENGERS} passengers, ${flags.taxis} taxis at ${flags.speed}x, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  let rssStart = NaN;
  const warmUp = pause(WARM_UP_MS).then(() => {
    rssStart = rssMiB(pid);
  });
  const stagger = Math.min(30_000, WARM_UP_MS) / PASSENGERS;
  await Promise.all([
    warmUp,
    ...Array.from({ length: PASSENGERS }, async (_, n) => {
      await pause(n * stagger);
      await passenger(server.base, n, until);
    }),
  ]);
  const rssEnd = rssMiB(pid);
  console.log(
    `orders: ${outcomes.get('placed') ?? 0} placed; ended ${JSON.stringify(Object.fromEntries([...outcomes].filter(([k]) => k !== 'placed')))}`,
  );
  console.log(`${'call'.padEnd(28)}  count    p50 ms   p99 ms`);
  for (const [name, values] of [...latencies].sort()) {
    values.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(28)} ${String(values.length).padStart(6)} ${percentile(values, 50).toFixed(1).padStart(9)} ${percentile(values, 99).toFixed(1).padStart(8)}`,
    );
  }
  console.log(`catalogue errors: ${JSON.stringify(Object.fromEntries(catalogueErrors))}`);
  const growth = rssEnd - rssStart;
  console.log(
    `server memory (RSS): ${rssStart.toFixed(0)} MiB after the ${Math.round(WARM_UP_MS / 1000)} s warm-up, ${rssEnd.toFixed(0)} MiB at the end ` +
      `(${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MiB; bound +${MEMORY_BOUND_MIB} MiB: ${growth <= MEMORY_BOUND_MIB ? 'within' : 'EXCEEDED'})`,
  );
  console.log(`errors outside the catalogue: ${outsideCatalogue.length}`);
  for (const line of outsideCatalogue.slice(0, 10)) console.log(`  ${line}`);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (outsideCatalogue.length > 0 || growth > MEMORY_BOUND_MIB) process.exitCode = 1;
} finally {
  await bench.stop();
}
