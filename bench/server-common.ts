/** What the benchmarks share: a server process over a temporary folder, percentiles. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  LIFTED_LIMITS,
  startServerProcess,
  type ServerProcess,
} from '@taxi/server/test-support/server-process';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The machine's load averages over 1, 5 and 15 minutes, as the benchmarks print them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

/** The median of a few runs (the upper one of an even count). */
export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Seconds of CPU (user + system) the process has used. */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
export interface BenchServer {
  server: ServerProcess;
  /** The temporary folder: corporations/, data/ (SQLite), releases/. */
  root: string;
  /** Stops the server and removes the folder. */
  stop(): Promise<void>;
}

/** The real server (SQLite, no fleet) in its own process, serving one corporation "bench" on 127.0.0.1. */
export async function benchServer(
  corporation: Record<string, unknown>,
  env: NodeJS.ProcessEnv = {},
): Promise<BenchServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'taxi-bench-'));
  fs.mkdirSync(path.join(root, 'corporations'));
  fs.writeFileSync(
    path.join(root, 'corporations/bench.json'),
    JSON.stringify({
      id: 'bench',
      hostnames: ['127.0.0.1'],
      settings: { corp: 'Bench' },
      ...corporation,
    }),
  );
  const server = await startServerProcess({
    CORP_DIR: path.join(root, 'corporations'),
    DATA_DIR: path.join(root, 'data'),
    RELEASES_DIR: path.join(root, 'releases'),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Every load of a bench comes from 127.0.0.1: the per-address and per-client limits are lifted.
    ...LIFTED_LIMITS,
    // BENCH_PROF_DIR: the server writes a CPU profile there (node --cpu-prof) when it stops.
    ...(process.env.BENCH_PROF_DIR
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROF_DIR}` }
      : {}),
    ...env,
  });
  return {
    server,
    root,
    async stop() {
      if (process.env.BENCH_PROF_DIR) {
        // A clean exit writes the profile.
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
      await server.kill();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
