// Tokenless uploads to the release API against the real server process: each is refused before
// its body is read, so a flood of them costs the server neither memory nor its quotes' latency.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { taxiCorporation } from './support/fixtures.ts';
import { post, signInPassenger } from './support/process-calls.ts';
import { PICKUP, processEnv } from './support/process-setup.ts';
import { startServerProcess } from './support/server-process.ts';
import { type Refusal, tokenlessUpload, UPLOAD } from './support/tokenless-uploads.ts';

const PARALLEL = 8;
/**
 * A refusal waits for nothing but the token check (tens of milliseconds); the bound leaves room
 * for a loaded shared machine. Reading the body took the old code 2.7 s for one upload alone.
 */
const REFUSED_WITHIN_MS = 2000;
/** What the server may grow by while refusing: far below one upload. */
const MEMORY_SLACK_MB = 24;

const server = await startServerProcess(
  processEnv(taxiCorporation('demo', ['127.0.0.1', 'localhost']), {
    ORDER_SIM_PER_CLIENT_PER_MINUTE: '100000',
  }),
);
after(() => server.kill());

/** Peak and current resident memory of the server process, from the kernel, in MB. */
function serverMemory(): { peak: number; now: number } {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}

const token = await signInPassenger(server.base, '+48602000001');
const quote = async () => {
  const started = performance.now();
  const reply = await post(server.base, '/api/2/', {
    action_id: 'ORDER_SIM',
    auth: token,
    lang: 'en',
    order: { order_type: 'Z', poi: PICKUP },
    taxi_group_id: 1,
  });
  assert.equal(reply.status, 'OK', JSON.stringify(reply));
  return performance.now() - started;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const quotes = async (count: number) => {
  const times = [];
  for (let i = 0; i < count; i++) times.push(await quote());
  return times;
};

test('a tokenless 64 MB upload is refused before its body is read, alone or in parallel, and quotes keep their pace', async () => {
  await quotes(10);
  const quiet = median(await quotes(40));
  const before = serverMemory();

  const alone = await tokenlessUpload(server.base);
  assert.equal(alone.body.error_data, 'ACCESS_DENIED');
  assert.ok(alone.ms < REFUSED_WITHIN_MS, `refused after ${alone.ms.toFixed(0)} ms`);
  assert.ok(alone.sent < UPLOAD / 4, `${alone.sent} bytes were sent before the answer`);

  // Uploads in parallel from another thread, started again as soon as each is refused, while a
  // passenger asks for quotes from this one.
  const flood = new Worker(new URL('./support/tokenless-uploads.ts', import.meta.url), {
    workerData: { base: server.base, parallel: PARALLEL },
  });
  const refusals = new Promise<Refusal[]>((resolve, reject) => {
    flood.once('message', resolve);
    flood.once('error', reject);
  });
  let busy: number;
  try {
    busy = median(await quotes(40));
  } finally {
    flood.postMessage('stop');
  }
  const refused = await refusals;
  const afterFlood = serverMemory();

  const slowest = Math.max(...refused.map((refusal) => refusal.ms));
  const mostSent = Math.max(...refused.map((refusal) => refusal.sent));
  const grown = afterFlood.peak - before.peak;
  console.log(
    `tokenless ${(UPLOAD / 2 ** 20).toFixed(0)} MB upload refused in ${alone.ms.toFixed(1)} ms (${(alone.sent / 1024).toFixed(0)} kB sent); ` +
      `${refused.length} parallel uploads (${PARALLEL} at a time): slowest refusal ${slowest.toFixed(1)} ms, ` +
      `at most ${(mostSent / 1024).toFixed(0)} kB sent; server memory peak ${before.peak.toFixed(0)} -> ${afterFlood.peak.toFixed(0)} MB ` +
      `(now ${afterFlood.now.toFixed(0)} MB); ORDER_SIM median ${quiet.toFixed(1)} ms quiet, ${busy.toFixed(1)} ms during the uploads`,
  );
  assert.ok(refused.length >= PARALLEL);
  for (const refusal of refused)
    assert.ok(
      ['ACCESS_DENIED', 'ACTION_NOT_ALLOWED'].includes(refusal.body.error_data ?? ''),
      JSON.stringify(refusal.body),
    );
  assert.ok(slowest < REFUSED_WITHIN_MS, `the slowest refusal took ${slowest.toFixed(0)} ms`);
  assert.ok(mostSent < UPLOAD / 4, `${mostSent} bytes were sent before an answer`);
  assert.ok(grown < MEMORY_SLACK_MB, `the server's peak memory grew by ${grown.toFixed(0)} MB`);
  // Twice the quiet median and 20 ms of scheduling noise on a shared machine.
  assert.ok(
    busy <= 2 * quiet + 20,
    `quotes took ${busy.toFixed(1)} ms against ${quiet.toFixed(1)} ms`,
  );
});
