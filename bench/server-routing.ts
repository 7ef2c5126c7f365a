/**
 * The embedded router alone (no HTTP): road graph size against the time of one route, on the
 * Monaco and Liechtenstein extracts, for BENCH_ROUTES routes between random points of each
 * (the same points every run). The figures behind server/README.md's advice on when a corporation
 * should use an external router (OSRM, Valhalla) instead. Not a timed test: it reports figures.
 *
 *   node bench/server-routing.ts      (BENCH_ROUTES=2000, BENCH_OSM_DIR=../shared/data/osm)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedGeography, loadExtract } from '@taxi/server/geo/embedded';
import { loadAverage, percentile } from './server-common.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUTES = Number(process.env.BENCH_ROUTES ?? 2000);
const OSM_DIR = path.resolve(process.env.BENCH_OSM_DIR ?? path.join(REPO, '../shared/data/osm'));
const CACHE = path.join(os.tmpdir(), 'taxi-bench-geo-cache');

/** A fixed sequence, so that runs compare. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

console.log(
  `embedded router, ${ROUTES} routes between random points per extract; load average ${loadAverage()}`,
);
for (const name of ['monaco', 'liechtenstein']) {
  const file = path.join(OSM_DIR, `${name}.osm.pbf`);
  if (!fs.existsSync(file)) {
    console.log(`${name}: skipped, no ${file}`);
    continue;
  }
  const { data } = await loadExtract(file, CACHE);
  const { graph } = new EmbeddedGeography(data);
  const { lat, lng } = graph.data;
  const next = random(42);
  const pick = () => {
    const i = Math.floor(next() * lat.length);
    return { lat: lat[i]!, lng: lng[i]! };
  };
  // Warm up the code before timing it.
  for (let i = 0; i < 50; i++) graph.route(pick(), pick());
  const times: number[] = [];
  let kilometres = 0;
  let routed = 0;
  for (let i = 0; i < ROUTES; i++) {
    const from = pick();
    const to = pick();
    const started = performance.now();
    const route = graph.route(from, to);
    times.push(performance.now() - started);
    if (route) {
      routed++;
      kilometres += route.distanceM / 1000;
    }
  }
  times.sort((a, b) => a - b);
  const heap = process.memoryUsage().heapUsed / 2 ** 20;
  console.log(
    `${name.padEnd(14)} ${String(graph.size).padStart(7)} nodes ${String(graph.data.targets.length).padStart(7)} edges   route p50 ${percentile(times, 50).toFixed(2).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(2).padStart(6)} ms  max ${times.at(-1)!.toFixed(2).padStart(6)} ms   (${routed} routed, ${(kilometres / Math.max(1, routed)).toFixed(1)} km on average; heap ${heap.toFixed(0)} MiB)`,
  );
}
