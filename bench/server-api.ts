/**
 * API throughput and latency of one server process: ORDER_SIM on a real road route (the demo
 * corporation in Monaco, and the same corporation on the Liechtenstein extract, a bigger road
 * network), GET_CURRENT_ORDERS and ORDER_SAVE (a timed order for tomorrow each), with 50
 * concurrent clients, on SQLite and (when reachable) on the local PostgreSQL; settings.json as the framework's own ceiling. Prints req/s, p50/p99 and
 * the machine's load average beside each figure. Not a timed test: it reports figures.
 *
 *   bash bench/ensure-wrk.sh && node bench/server-api.ts
 *        (BENCH_SECONDS=10, BENCH_WARMUP=5, BENCH_CLIENTS=50, BENCH_LOADER=wrk|node, BENCH_OSM_DIR=../shared/data/osm, BENCH_PROF_DIR=<folder for CPU profiles>,
 *         BENCH_PG=postgres://postgres@127.0.0.1:5432/taxi_server_bench, BENCH_CITIES=monaco,liechtenstein,
 *         BENCH_ACTIONS=ORDER_SIM,GET_CURRENT_ORDERS,ORDER_SAVE,settings.json, BENCH_ENGINES=sqlite,postgres,
 *         METRICS_TOKEN=<32 random bytes or more>: metrics on, /metrics scraped every 15 s)
 *
 * The load comes from `wrk` (1 thread, BENCH_CLIENTS connections) when it is
 * installed, else from Node's fetch in this process (BENCH_LOADER=node; slower, so lower figures).
 * Either way the load generator shares the machine's cores with the server.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStorage } from '@taxi/server/db/storage';
import { MIGRATIONS } from '@taxi/server/modules';
import type { Reply } from '@taxi/server/test-support/api';
import { freshDatabase } from '@taxi/server/test-support/postgres';
import { LIFTED_LIMITS, startServerProcess } from '@taxi/server/test-support/server-process';
import { cpuSeconds, loadAverage, percentile } from './server-common.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Each load runs this long first, printed on a line of its own: a process just started (JIT
 * not yet compiled, the first connections) had a p99 of 30-130 ms in the first seconds that the
 * same load never shows warm. A rolling restart meets that cold tail; a Friday night the warm one.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PG_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/taxi_server_bench';
const CITIES = (process.env.BENCH_CITIES ?? 'monaco,liechtenstein').split(',');
/** Only these loads (a CPU profile of one call reads better), else all. */
const ACTIONS = process.env.BENCH_ACTIONS?.split(',');
const wanted = (action: string) => !ACTIONS || ACTIONS.includes(action);
const LOADER = process.env.BENCH_LOADER ?? (hasWrk() ? 'wrk' : 'node');
/** Where the server writes a CPU profile of each run (node --cpu-prof), when set. */
const PROF_DIR = process.env.BENCH_PROF_DIR;
/**
 * The server inherits METRICS_TOKEN: with it, it records its metrics on every request and this
 * bench scrapes /metrics every 15 s, Prometheus's default interval; without it, no metrics.
 */
const METRICS_TOKEN = process.env.METRICS_TOKEN;
const SCRAPE_MS = 15_000;
const GEO_CACHE = path.join(os.tmpdir(), 'taxi-bench-geo-cache');
const OSM_DIR = path.resolve(process.env.BENCH_OSM_DIR ?? path.join(REPO, '../shared/data/osm'));

interface City {
  name: string;
  extract: string;
  timezone: string;
  pickup: Record<string, unknown> & { lat: number; lng: number };
  dst: Record<string, unknown> & { lat: number; lng: number };
}

const CITY: Record<string, City> = {
  monaco: {
    name: 'Monaco',
    extract: 'monaco.osm.pbf',
    timezone: 'Europe/Monaco',
    pickup: { lat: 43.7392, lng: 7.4268, city: 'Monaco', poi_name: 'Casino' },
    dst: { lat: 43.7276, lng: 7.4155, city: 'Monaco', poi_name: 'Stade Louis II' },
  },
  liechtenstein: {
    // From the north of the country to the capital (about 13 km): a long search for this network.
    name: 'Liechtenstein',
    extract: 'liechtenstein.osm.pbf',
    timezone: 'Europe/Vaduz',
    pickup: { lat: 47.23, lng: 9.55, city: 'Schellenberg', street: 'Feldstrasse' },
    dst: { lat: 47.141, lng: 9.521, city: 'Vaduz', street: 'Städtle' },
  },
};

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its banner and exits 1.
    return (error as { status?: number }).status === 1;
  }
}

function load1(): string {
  return os.loadavg()[0]!.toFixed(2);
}

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

interface Result {
  /** Server CPU (ms) per request. */
  cpuMs?: number;
  requests: number;
  failures: number;
  rps: number;
  p50: number;
  p99: number;
}

/** Lua for wrk: the bodies taken in turn, each reply checked for status OK. */
function wrkScript(bodies: string[]): string {
  const quoted = bodies.map((body) => `[==[${body}]==]`).join(',\n');
  return `
local bodies = {${quoted}}
local threads = {}
local prepared = {}
local at = 0
function setup(thread) table.insert(threads, thread) end
function init(args)
  failed = 0
  for i, body in ipairs(bodies) do
    prepared[i] = wrk.format(${bodies.length > 0 ? '"POST"' : '"GET"'}, nil,
      {["Content-Type"] = "application/x-www-form-urlencoded"}, body)
  end
end
function request()
  if #prepared == 0 then return wrk.format() end
  at = at % #prepared + 1
  return prepared[at]
end
function response(status, headers, body)
  if status ~= 200 or (#prepared > 0 and not string.find(body, '"status":"OK"', 1, true)) then
    failed = failed + 1
  end
end
function done(summary, latency, requests)
  local f = 0
  for _, t in ipairs(threads) do f = f + t:get("failed") end
  -- Refused, reset or timed-out connections are failures as much as wrong answers.
  local e = summary.errors
  io.write(string.format("BENCH %d %d %d %.3f %.3f\\n", summary.requests,
    f + e.status + e.connect + e.read + e.write + e.timeout,
    summary.duration, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
`;
}

/** wrk, 1 thread and CLIENTS connections, for `seconds`. */
async function loadWrk(url: string, bodies: string[], seconds: number): Promise<Result> {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'taxi-bench-wrk-')), 'load.lua');
  fs.writeFileSync(script, wrkScript(bodies));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', [
        '-t1',
        `-c${CLIENTS}`,
        `-d${seconds}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        url,
      ]);
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(text))));
    });
    const match = /BENCH (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+)/.exec(output);
    if (!match) throw new Error(`wrk: ${output}`);
    const [, requests, failures, micros, p50, p99] = match.map(Number) as number[];
    return {
      requests: requests!,
      failures: failures!,
      rps: requests! / (micros! / 1e6),
      p50: p50!,
      p99: p99!,
    };
  } finally {
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
  }
}

/** The same from this process: CLIENTS loops sending back to back. */
async function loadNode(url: string, bodies: string[], seconds: number): Promise<Result> {
  const latencies: number[] = [];
  let failures = 0;
  let at = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const body = bodies.length > 0 ? bodies[at++ % bodies.length] : undefined;
        try {
          const response = await fetch(url, {
            method: body ? 'POST' : 'GET',
            body,
            headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
          });
          const text = await response.text();
          if (response.status !== 200 || (body && !text.includes('"status":"OK"'))) failures++;
          else latencies.push(performance.now() - started);
        } catch {
          failures++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + failures,
    failures,
    rps: (latencies.length + failures) / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

function print(engine: string, city: string, action: string, r: Result, loadBefore: string) {
  console.log(
    `${engine.padEnd(9)} ${city.padEnd(14)} ${action.padEnd(29)} ${String(Math.round(r.rps)).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   server CPU ${r.cpuMs!.toFixed(3)} ms a request (${r.requests} requests, ${r.failures} failed; load ${loadBefore} -> ${load1()})`,
  );
}

/** One scrape of /metrics as Prometheus makes it; the size of the text. */
async function scrape(base: string): Promise<number> {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return text.length;
}

async function run(engine: 'sqlite' | 'postgres', databaseUrl: string, city: City) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'taxi-bench-'));
  fs.mkdirSync(path.join(root, 'corporations'));
  const corporation = JSON.parse(
    fs.readFileSync(path.join(REPO, 'server/corporations/localhost.json'), 'utf8'),
  ) as Record<string, unknown>;
  corporation.timezone = city.timezone;
  corporation.geo = { ...(corporation.geo as object), extract: path.join(OSM_DIR, city.extract) };
  fs.writeFileSync(path.join(root, 'corporations/demo.json'), JSON.stringify(corporation));
  // The extracts' imports are kept between runs (the server's cache is data/geo).
  fs.mkdirSync(path.join(root, 'data'));
  fs.mkdirSync(GEO_CACHE, { recursive: true });
  fs.symlinkSync(GEO_CACHE, path.join(root, 'data/geo'));
  const server = await startServerProcess({
    CORP_DIR: path.join(root, 'corporations'),
    DATA_DIR: path.join(root, 'data'),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SMS_DRIVER: 'outbox',
    ...LIFTED_LIMITS,
    ...(PROF_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${PROF_DIR}` } : {}),
  });
  let scraper: NodeJS.Timeout | undefined;
  const scrapes = { count: 0, failed: 0, bytes: 0 };
  if (METRICS_TOKEN) {
    scrapes.bytes = await scrape(server.base);
    scraper = setInterval(() => {
      scrape(server.base).then(
        (bytes) => Object.assign(scrapes, { count: scrapes.count + 1, bytes }),
        () => scrapes.failed++,
      );
    }, SCRAPE_MS);
  }
  const loader = LOADER === 'wrk' ? loadWrk : loadNode;
  /** The load for `seconds`, and the server's CPU time per request under it. */
  const load = async (url: string, bodies: string[], seconds = SECONDS) => {
    const cpu = cpuSeconds(server.child.pid!);
    const result = await loader(url, bodies, seconds);
    return { ...result, cpuMs: ((cpuSeconds(server.child.pid!) - cpu) * 1000) / result.requests };
  };
  /** The warm-up's line, then the measured load's. */
  const measure = async (city: string, action: string, url: string, bodies: string[]) => {
    if (WARMUP_SECONDS > 0) {
      const before = load1();
      const cold = await load(url, bodies, WARMUP_SECONDS);
      print(engine, city, `${action} (first ${WARMUP_SECONDS} s)`, cold, before);
    }
    const before = load1();
    print(engine, city, action, await load(url, bodies), before);
  };
  try {
    const storage = await openStorage({
      migrations: MIGRATIONS,
      databaseUrl,
      dataDir: path.join(root, 'data'),
    });
    const now = Date.now();
    // Free taxis around the pickup, so that every quote also routes the nearest one there.
    await storage.db
      .insertInto('taxis')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          corporation_id: String(corporation.id),
          call_number: String(i + 1),
          state: i % 3 ? 'W' : 'Z',
          lat: city.pickup.lat + ((i % 10) - 5) * 0.002,
          lng: city.pickup.lng + (Math.floor(i / 10) - 5) * 0.002,
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
          order: {
            order_type: 'T',
            date_time: `${tomorrow} ${hour}`,
            poi: city.pickup,
            dst: city.dst,
          },
        });
      }
    }
    const order = {
      order_type: 'Z',
      poi: city.pickup,
      dst: city.dst,
      taxi_features_list: [1, 5],
      taxi_count: 1,
    };
    const sim = (auth: string) => ({
      action_id: 'ORDER_SIM',
      auth,
      lang: 'pl',
      order,
      taxi_group_id: 1,
    });
    // The extract loads in the background at start: wait for a road route, and show it.
    let quote = await api(server.base, sim(tokens[0]!));
    for (let attempt = 0; (quote.dst_map_points as unknown[]).length <= 2; attempt++) {
      if (attempt > 1200) throw new Error(`no road route in ${city.name}: is ${OSM_DIR} there?`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      quote = await api(server.base, sim(tokens[0]!));
    }
    console.log(
      `${engine.padEnd(9)} ${city.name.padEnd(14)} road route of ${(quote.dst_map_points as unknown[]).length} points, price ${String(quote.dst_price)}, ETA ${String(quote.eta_min)} min`,
    );
    const form = (cmd: Record<string, unknown>) =>
      new URLSearchParams({ cmd: JSON.stringify(cmd) }).toString();
    const url = `${server.base}/api/2/`;
    for (const [action, bodies] of [
      ['ORDER_SIM', tokens.map((auth) => form(sim(auth)))],
      [
        'GET_CURRENT_ORDERS',
        tokens.map((auth) => form({ action_id: 'GET_CURRENT_ORDERS', auth, lang: 'pl' })),
      ],
      // After GET_CURRENT_ORDERS, which would otherwise list every order saved here.
      [
        'ORDER_SAVE',
        tokens.map((auth) =>
          form({
            action_id: 'ORDER_SAVE',
            auth,
            order: {
              order_type: 'T',
              date_time: `${tomorrow} 12:00`,
              poi: city.pickup,
              dst: city.dst,
            },
          }),
        ),
      ],
    ] as const) {
      if (!wanted(action)) continue;
      await measure(city.name, action, url, [...bodies]);
    }
    if (engine === 'sqlite' && city === CITY.monaco && wanted('settings.json')) {
      await measure(city.name, 'settings.json', `${server.base}/settings.json`, []);
    }
    if (METRICS_TOKEN)
      console.log(
        `${engine.padEnd(9)} ${city.name.padEnd(14)} /metrics scraped ${scrapes.count} times during the loads (${scrapes.failed} failed), ${(scrapes.bytes / 1024).toFixed(1)} KiB the last`,
      );
  } finally {
    clearInterval(scraper);
    if (PROF_DIR) {
      // A clean exit writes the profile.
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await server.kill();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

console.log(
  `server API, ${CLIENTS} concurrent clients, ${SECONDS} s per action after ${WARMUP_SECONDS} s of the same load, one server process, load from ${LOADER === 'wrk' ? 'wrk (1 thread)' : "this process's fetch"}, ${os.cpus().length} cores shared with the load generator; metrics ${METRICS_TOKEN ? 'on (METRICS_TOKEN)' : 'off'}; load average ${loadAverage()}`,
);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
if (ENGINES.includes('sqlite')) for (const name of CITIES) await run('sqlite', '', CITY[name]!);
if (ENGINES.includes('postgres')) {
  const pgUrl = await freshDatabase(PG_URL);
  if (pgUrl) await run('postgres', pgUrl, CITY.monaco!);
  else console.log(`postgres  skipped: not reachable at ${PG_URL}`);
}
