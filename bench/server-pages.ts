// The page (index.html with its skeleton and preloads) and the registry as the server answers
// them, which the release-file cache serves from memory: requests per second and p50 / p99 latency with
// 10 requests in flight (the load generator shares the cores). Not a timed test: it prints figures.
// Usage: node bench/server-pages.ts [requests=3000]   (uses the published releases)
import { startApp } from '@taxi/e2e/support/app';
import { loadAverage, percentile } from './server-common.ts';

const REQUESTS = Number(process.argv[2] ?? 3000);
const IN_FLIGHT = 10;

// startApp lifts the per-address limits: every page load comes from 127.0.0.1.
const app = await startApp();

async function load(path: string): Promise<{ perSecond: number; p50: number; p99: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < REQUESTS) {
        const sent = performance.now();
        const reply = await fetch(`${app.url}${path}`);
        await reply.arrayBuffer();
        if (!reply.ok) throw new Error(`${path}: HTTP ${reply.status}`);
        times.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: REQUESTS / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

try {
  console.log(`${REQUESTS} requests, ${IN_FLIGHT} in flight; load average ${loadAverage()}`);
  for (const path of ['/t/abc123/secret', '/', '/remotes.json?hostname=localhost']) {
    await load(path); // warm-up: the server's first answers compile and fill caches
    const { perSecond, p50, p99 } = await load(path);
    console.log(
      `${path.padEnd(36)} ${perSecond.toFixed(0).padStart(6)} req/s  p50 ${p50.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms`,
    );
  }
} finally {
  await app.stop();
}
