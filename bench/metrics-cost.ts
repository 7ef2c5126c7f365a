/**
 * What the metrics cost: bench/server-api.ts with metrics off and on, taken in turn (off, on,
 * off, on, …) so that the machine's drift falls on both alike, and the median of each. Prints
 * every run's line, then per load the medians of req/s and of server CPU a request, and their
 * difference. Not a timed test: it reports figures.
 *
 *   bash bench/ensure-wrk.sh && node bench/metrics-cost.ts
 *        (BENCH_PAIRS=5; BENCH_ACTIONS, BENCH_SECONDS… pass through to bench/server-api.ts)
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage, median } from './server-common.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const API_BENCH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-api.ts');
const TOKEN = randomBytes(32).toString('base64url');
/** A measured line of server-api.ts: the load's name, its req/s and its CPU a request. */
const LINE = /^sqlite\s+Monaco\s+(\S+)\s+(\d+) req\/s .* server CPU ([\d.]+) ms a request/;

type Figures = Map<string, { rps: number[]; cpu: number[] }>;
const runs = { off: new Map() as Figures, on: new Map() as Figures };

console.log(`metrics off and on in turn, ${PAIRS} pairs; load average ${loadAverage()}`);
for (let pair = 0; pair < PAIRS; pair++)
  for (const setting of ['off', 'on'] as const) {
    const output = execFileSync(process.execPath, [API_BENCH], {
      encoding: 'utf8',
      env: {
        ...process.env,
        BENCH_ENGINES: 'sqlite',
        BENCH_CITIES: 'monaco',
        BENCH_ACTIONS: process.env.BENCH_ACTIONS ?? 'ORDER_SIM,GET_CURRENT_ORDERS,settings.json',
        METRICS_TOKEN: setting === 'on' ? TOKEN : '',
      },
    });
    for (const line of output.split('\n')) {
      const match = LINE.exec(line);
      if (!match) continue;
      console.log(`${setting.padEnd(3)} ${line}`);
      const [, action, rps, cpu] = match;
      const figures = runs[setting].get(action!) ?? { rps: [], cpu: [] };
      figures.rps.push(Number(rps));
      figures.cpu.push(Number(cpu));
      runs[setting].set(action!, figures);
    }
  }

const percent = (on: number, off: number) => `${(((on - off) / off) * 100).toFixed(1)} %`;
console.log(`\nmedians of ${PAIRS} runs each; load average ${loadAverage()}`);
for (const [action, off] of runs.off) {
  const on = runs.on.get(action)!;
  const [rpsOff, rpsOn, cpuOff, cpuOn] = [off.rps, on.rps, off.cpu, on.cpu].map(median) as [
    number,
    number,
    number,
    number,
  ];
  console.log(
    `${action.padEnd(20)} req/s off ${rpsOff} on ${rpsOn} (${percent(rpsOn, rpsOff)}); server CPU a request off ${cpuOff.toFixed(3)} on ${cpuOn.toFixed(3)} ms (${percent(cpuOn, cpuOff)})`,
  );
}
