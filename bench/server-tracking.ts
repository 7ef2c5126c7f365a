/**
 * Tracking fan-out: BENCH_SOCKETS passenger sockets (default 10,000) on one server process,
 * watching BENCH_TAXIS orders (default 1,000, so 10 viewers an order), each order's taxi
 * reporting its position every 2 s through the driver API. Prints the latency from the driver's
 * report to the passenger's socket (p50/p99) for each of BENCH_RUNS runs, the server's memory per
 * socket and its CPU per report.
 * Not a timed test: it reports figures.
 *
 *   node bench/server-tracking.ts      (BENCH_SOCKETS=10000, BENCH_TAXIS=1000, BENCH_SECONDS=20, BENCH_RUNS=5)
 *
 * The orders, taxis and driver sessions are written straight into the server's SQLite file
 * before the run (the API would take minutes to place a thousand rides); everything measured
 * goes through the real socket and driver API.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openStorage } from '@taxi/server/db/storage';
import { MIGRATIONS } from '@taxi/server/modules';
import { tokenHash } from '@taxi/server/security/secrets';
import { secretHash } from '@taxi/server/orders/secrets';
import { benchServer, cpuSeconds, percentile } from './server-common.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const TAXIS = Number(process.env.BENCH_TAXIS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPORT_EVERY_MS = 2000;
const CENTRE = { lat: 43.7384, lng: 7.4246 };
const TAXI_REPLY = JSON.stringify({ action_id: 'TAXI_STATE_UPDATE', status: 'OK' });

/**
 * Each taxi reports over a keep-alive connection of its own, as a phone does, opened before the
 * runs. fetch would share undici's pool with the 10,000 upgraded sockets: it opened a new
 * connection for nearly every report, and each burst of them overflowed the server's accept queue
 * (SYN retried after 1, 3, 7… s), a tail of seconds that the server never saw.
 */
function postReport(url: string, agent: http.Agent, body: string): Promise<{ status: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString()) as { status: string });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/**
 * Open files a process may hold: the server holds a descriptor per socket, and so does this
 * bench for its end. Past it the sockets fail with EMFILE, so say so before starting.
 */
function openFilesLimit(): number {
  const limits = fs.readFileSync('/proc/self/limits', 'utf8');
  const soft = /Max open files\s+(\d+|unlimited)/.exec(limits)?.[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}

const fileLimit = openFilesLimit();
if (SOCKETS + TAXIS + 100 > fileLimit) {
  console.error(
    `BENCH_SOCKETS=${SOCKETS} needs more than this machine's ${fileLimit} open files a process ` +
      '(ulimit -n; the hard limit needs root or the container to raise it)',
  );
  process.exit(1);
}

const bench = await benchServer({ timezone: 'Europe/Monaco', dispatch: { connected_s: 600 } });
const { server, root } = bench;
const pid = server.child.pid!;

try {
  // The rides: a client, an order in progress and its accepted taxi each.
  const storage = await openStorage({ migrations: MIGRATIONS, dataDir: path.join(root, 'data') });
  const now = Date.now();
  const tracks: { order_short_id: string; secret: string }[] = [];
  const tokens: string[] = [];
  await storage.db.transaction().execute(async (trx) => {
    for (let i = 0; i < TAXIS; i++) {
      const { id: clientId } = await trx
        .insertInto('clients')
        .values({
          corporation_id: 'bench',
          phone: `+4860${String(1_000_000 + i)}`,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const point = {
        id: null,
        lat: CENTRE.lat + (i % 40) * 0.0005,
        lng: CENTRE.lng + Math.floor(i / 40) * 0.0005,
        quarter: '',
        city: 'Monaco',
        poi_name: '',
        street: '',
        number: '',
        district: '',
      };
      const form = {
        order_type: 'Z',
        date_time: null,
        advance: 0,
        poi: point,
        dst: null,
        taxi_count: 1,
        passwd: '',
        info: '',
        phone: '',
        selected_taxies: [],
        taxi_features_list: [],
        taxi_group_id: null,
        gratis: false,
        cash_free: false,
        discount: false,
        invoice: false,
        repeated: null,
        call_uniqueid: null,
      };
      const track = {
        order_short_id: `B${String(i).padStart(7, '0')}`,
        secret: `secret-of-order-${i}-0123456789`,
      };
      const { id: orderId } = await trx
        .insertInto('orders')
        .values({
          corporation_id: 'bench',
          client_id: clientId,
          short_id: track.order_short_id,
          // Checked like the link of an order saved before secrets were derived.
          secret_hash: '',
          legacy_secret_hash: secretHash(track.secret),
          order_type: 'Z',
          state: 'T',
          taxi_count: 1,
          form: JSON.stringify(form),
          hidden_in_history: 0,
          created_at: now,
          updated_at: now,
          pickup_lat: point.lat,
          pickup_lng: point.lng,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const call = String(1000 + i);
      await trx
        .insertInto('taxis')
        .values({
          corporation_id: 'bench',
          call_number: call,
          state: 'K',
          lat: point.lat,
          lng: point.lng,
          updated_at: now,
          color: 'white',
          brand: 'Toyota',
          vehicle_registration: `MC ${call}`,
        })
        .execute();
      await trx
        .insertInto('assignments')
        .values({
          order_id: orderId,
          corporation_id: 'bench',
          call_number: call,
          state: 'P',
          offered_at: now,
          expires_at: now + 20_000,
          answered_at: now,
          updated_at: now,
        })
        .execute();
      const token = `bench-token-${i}-abcdefghijklmnopqrstuvwxyz`;
      await trx
        .insertInto('taxi_sessions')
        .values({
          token_hash: tokenHash(token),
          corporation_id: 'bench',
          call_number: call,
          created_at: now,
          expires_at: now + 3_600_000,
        })
        .execute();
      tracks.push(track);
      tokens.push(token);
    }
  });
  await storage.close();

  const before = rssBytes(pid);
  const host = server.base.replace('http://', '');
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  /** Report sent -> the driver API's answer received. */
  const answers: number[] = [];
  let measuring = false;
  let updates = 0;
  const sockets: WebSocket[] = [];
  const openStarted = performance.now();
  for (let first = 0; first < SOCKETS; first += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, SOCKETS - first) }, (_, k) => {
        const i = first + k;
        return new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://${host}/track/api/1/`);
          sockets.push(ws);
          let ready = false;
          ws.addEventListener('open', () =>
            ws.send(
              JSON.stringify({ action_id: 'LOGIN', user_agent: 'bench', ...tracks[i % TAXIS]! }),
            ),
          );
          ws.addEventListener('error', () => reject(new Error(`socket ${i} failed`)));
          ws.addEventListener('close', (event) => {
            if (!ready)
              reject(new Error(`socket ${i} closed before its first update: ${event.code}`));
          });
          ws.addEventListener('message', (event) => {
            const text = String(event.data);
            if (!ready && text.startsWith('{"action_id":"LOGIN","status":"ERR"'))
              reject(new Error(text));
            if (!ready && text.startsWith('{"action_id":"ORDER_UPDATE"')) {
              ready = true;
              resolve();
              return;
            }
            if (!text.startsWith('{"action_id":"TAXI_STATE_UPDATE"')) return;
            // As the passenger's client (shared/src/tracking) does: a reply to every update.
            ws.send(TAXI_REPLY);
            if (!measuring) return;
            const { taxi } = JSON.parse(text) as { taxi: { call_number: string; lat: number } };
            const at = sent.get(`${taxi.call_number}|${taxi.lat}`);
            if (at !== undefined) {
              latencies.push(performance.now() - at);
              updates++;
            }
          });
        });
      }),
    );
  }
  const openSeconds = (performance.now() - openStarted) / 1000;
  // Let the server settle, then weigh it.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const withSockets = rssBytes(pid);

  console.log(
    `Tracking fan-out: ${SOCKETS} sockets on ${TAXIS} orders (${SOCKETS / TAXIS} viewers each), one server process (SQLite, in-process bus), ${RUNS} runs of ${SECONDS} s`,
  );
  console.log(`  sockets opened and logged in: ${sockets.length} in ${openSeconds.toFixed(1)} s`);
  console.log(
    `  server memory: ${(before / 2 ** 20).toFixed(0)} MiB before the sockets, ${(withSockets / 2 ** 20).toFixed(0)} MiB with them: ${((withSockets - before) / SOCKETS / 1024).toFixed(1)} KiB per socket`,
  );
  // The taxis' connections, a hundred at a time (their reports are not measured).
  const agents = tokens.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const report = (i: number, lat: number) =>
    postReport(
      `${server.base}/driver/api/1/`,
      agents[i]!,
      JSON.stringify({
        action_id: 'TAXI_POSITION',
        token: tokens[i],
        lat,
        lng: CENTRE.lng,
        acc: 5,
      }),
    );
  for (let first = 0; first < TAXIS; first += 100)
    await Promise.all(
      Array.from({ length: Math.min(100, TAXIS - first) }, (_, k) => report(first + k, CENTRE.lat)),
    );
  let sequence = 0;
  for (let run = 1; run <= RUNS; run++) {
    // Each taxi reports every 2 s, spread evenly over the interval.
    latencies.length = 0;
    answers.length = 0;
    updates = 0;
    measuring = true;
    let reports = 0;
    let failures = 0;
    const load = os.loadavg()[0]!.toFixed(2);
    const cpuStart = cpuSeconds(pid);
    // This process's own delays: a latency is the server's only while they stay small.
    const ownDelay = monitorEventLoopDelay({ resolution: 10 });
    ownDelay.enable();
    const started = performance.now();
    const pending = new Set<Promise<void>>();
    const until = started + SECONDS * 1000;
    for (let tick = 0; ; tick++) {
      const due = started + (tick * REPORT_EVERY_MS) / TAXIS;
      if (due >= until) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const i = tick % TAXIS;
      const lat = CENTRE.lat + 0.01 + ++sequence * 1e-7;
      const key = `${1000 + i}|${lat}`;
      const request = (async () => {
        const at = performance.now();
        sent.set(key, at);
        try {
          const reply = await report(i, lat);
          answers.push(performance.now() - at);
          if (reply.status === 'OK') reports++;
          else failures++;
        } catch {
          failures++;
        }
      })();
      pending.add(request);
      void request.finally(() => pending.delete(request));
    }
    await Promise.all(pending);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const elapsed = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(pid) - cpuStart;
    ownDelay.disable();
    measuring = false;
    sent.clear();
    latencies.sort((a, b) => a - b);
    answers.sort((a, b) => a - b);
    const expected = reports * (SOCKETS / TAXIS);
    console.log(
      `  run ${run}: report -> passenger p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms; report answered p50 ${percentile(answers, 50).toFixed(1)} ms, p99 ${percentile(answers, 99).toFixed(1)} ms; ${reports} reports (${(reports / elapsed).toFixed(0)}/s, ${failures} failed), ${updates} of ${expected} updates received; server CPU ${((cpu / elapsed) * 100).toFixed(0)}% of a core, ${((cpu * 1000) / Math.max(1, reports)).toFixed(2)} ms a report; bench's own event loop delay p99 ${(ownDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(ownDelay.max / 1e6).toFixed(0)} ms; load ${load}`,
    );
  }
  for (const ws of sockets) ws.close();
  for (const agent of agents) agent.destroy();
} finally {
  await bench.stop();
}
