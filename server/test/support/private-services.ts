import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';

const run = promisify(execFile);

import { freePort } from './server-process.ts';
import { until } from './until.ts';

export { freePort };

/**
 * Runs `remove` when the test process ends however it ends (finished, failed, interrupted or
 * stopped by the runner's timeout), so that a fault test never leaves a server of its own behind.
 */
function onExit(remove: () => void): () => void {
  let removed = false;
  const once = () => {
    if (removed) return;
    removed = true;
    remove();
  };
  const signal = (name: NodeJS.Signals) => () => {
    once();
    process.kill(process.pid, name);
  };
  const onInt = signal('SIGINT');
  const onTerm = signal('SIGTERM');
  process.once('exit', once);
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  return () => {
    once();
    process.off('exit', once);
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  };
}

export interface PrivatePostgres {
  url: string;
  start(): Promise<void>;
  /** `fast` ends sessions cleanly; `immediate` is a crash (recovery at the next start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the cluster and deletes its files. */
  remove(): void;
}

/** The machine's PostgreSQL binaries (Debian's /usr/lib/postgresql/<version>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const [version] = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (!version) throw new Error(`no PostgreSQL under ${root}`);
  return path.join(root, version, 'bin');
}

/**
 * A PostgreSQL cluster of the test's own on a spare port (initdb + pg_ctl as the postgres user),
 * never the machine's shared one; removed when the test process ends.
 */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxi-faults-pg-'));
  fs.chmodSync(dir, 0o700);
  // PostgreSQL refuses to run as root: as root the cluster belongs to the postgres user.
  const root = process.getuid?.() === 0;
  if (root) execFileSync('chown', ['postgres:postgres', dir]);
  const command = (tool: string, args: string[]): [string, string[]] =>
    root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (args: string[]) =>
    run(...command('pg_ctl', ['-D', dir, '-o', options, '-s', ...args]));
  const removeNow = () => {
    try {
      execFileSync(...command('pg_ctl', ['-D', dir, '-s', 'stop', '-m', 'immediate']), {
        stdio: 'ignore',
      });
    } catch {
      // Not running.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const remove = onExit(removeNow);
  await run(...command('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust']));
  await ctl(['-w', 'start', '-l', path.join(dir, 'log')]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => void (await ctl(['-w', 'start', '-l', path.join(dir, 'log')])),
    stop: async (mode) => void (await ctl(['-w', 'stop', '-m', mode])),
    remove,
  };
}

export interface PrivateRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGKILL: Redis is gone at once, as in a crash. */
  stop(): Promise<void>;
  remove(): void;
}

/**
 * A redis-server of the test's own on a spare port, nothing saved, `args` added (`--replicaof`,
 * say); stopped when the test ends.
 */
export async function privateRedis(args: string[] = []): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const remove = onExit(() => child?.kill('SIGKILL'));
  const start = async () => {
    const options = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      ...args,
    ];
    const started = spawn('redis-server', options, { stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
      started.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) resolve();
      });
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: async () => {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    remove,
  };
}

export interface PrivateSentinels {
  /** REDIS_SENTINELS and REDIS_MASTER_NAME for the servers. */
  env: { REDIS_SENTINELS: string; REDIS_MASTER_NAME: string };
  primary: PrivateRedis;
  replica: PrivateRedis;
  /** The primary's port as the sentinels name it now. */
  primaryPort(): Promise<number>;
  remove(): void;
}

/** Asks one sentinel (or any Redis) a command, over a connection of its own. */
async function ask(port: number, command: string[]): Promise<unknown> {
  const redis = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return await redis.call(command[0]!, ...command.slice(1));
  } finally {
    redis.disconnect();
  }
}

/**
 * A primary, its replica and three Redis Sentinels (Debian's redis-sentinel,
 * scripts/ensure-services.sh) on spare ports, quorum 2, declaring the primary down after 1 s:
 * ready once the replica is in sync and every sentinel knows the other two. Stopped when the test
 * ends.
 */
export async function privateSentinels(): Promise<PrivateSentinels> {
  const name = 'taxi';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxi-sentinel-'));
  // The replica writes the copy it receives to disk: into the temporary folder.
  const primary = await privateRedis(['--dir', dir]);
  const replica = await privateRedis([
    '--dir',
    dir,
    '--replicaof',
    '127.0.0.1',
    String(primary.port),
  ]);
  const ports = [await freePort(), await freePort(), await freePort()];
  const children: ChildProcess[] = [];
  const remove = onExit(() => {
    for (const child of children) child.kill('SIGKILL');
    primary.remove();
    replica.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  for (const port of ports) {
    // A sentinel rewrites its file (what it learns of the others): one file each.
    const file = path.join(dir, `sentinel-${port}.conf`);
    fs.writeFileSync(
      file,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 5000`,
        `sentinel parallel-syncs ${name} 1`,
        '',
      ].join('\n'),
    );
    children.push(
      spawn('redis-sentinel', [file], {
        stdio: ['ignore', process.env.TEST_SERVER_LOGS ? 'inherit' : 'ignore', 'inherit'],
      }),
    );
  }
  await until('the replica in sync', async () =>
    String(await ask(replica.port, ['INFO', 'replication'])).includes('master_link_status:up'),
  );
  for (const port of ports)
    await until(`sentinel ${port} knows the others`, async () => {
      const others = (await ask(port, ['SENTINEL', 'SENTINELS', name])) as unknown[];
      return others.length === ports.length - 1;
    });
  return {
    env: {
      REDIS_SENTINELS: ports.map((port) => `127.0.0.1:${port}`).join(','),
      REDIS_MASTER_NAME: name,
    },
    primary,
    replica,
    primaryPort: async () => {
      const [, port] = (await ask(ports[0]!, [
        'SENTINEL',
        'GET-MASTER-ADDR-BY-NAME',
        name,
      ])) as string[];
      return Number(port);
    },
    remove,
  };
}

export interface PrivateHaproxy {
  /** Where clients connect: http://127.0.0.1:<port>. */
  base: string;
  /** Waits until HAProxy's health check sees `server` (its index in the list) in `state`. */
  waitFor(server: number, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  remove(): void;
}

/**
 * HAProxy (Debian's package, scripts/ensure-services.sh) on a spare port in front of `backends`
 * (host:port), configured as docs/operations.md's "Several instances" tells an operator, with
 * faster health checks; stopped when the test ends.
 */
export async function privateHaproxy(backends: string[]): Promise<PrivateHaproxy> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxi-haproxy-'));
  const config = fs
    .readFileSync(new URL('../../haproxy.cfg', import.meta.url), 'utf8')
    .replace('127.0.0.1:8080', `127.0.0.1:${port}`)
    .replace('127.0.0.1:8404', `127.0.0.1:${statsPort}`)
    .replace('inter 2s fall 2 rise 2', 'inter 500ms fall 2 rise 1')
    .replace(/^ {2}server .*\n/gm, '')
    .replace(
      /^ {2}default-server .*\n/m,
      (line) => line + backends.map((address, n) => `  server s${n} ${address} check\n`).join(''),
    );
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), config);
  const child = spawn('haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], {
    // TEST_SERVER_LOGS=1 shows its log too (backends going DOWN and UP).
    stdio: ['ignore', 'ignore', process.env.TEST_SERVER_LOGS ? 'inherit' : 'ignore'],
  });
  const remove = onExit(() => {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const states = async (): Promise<string[]> => {
    const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
    const rows = (await response.text()).split('\n').map((line) => line.split(','));
    return backends.map((_, n) => rows.find((row) => row[1] === `s${n}`)?.[17] ?? '');
  };
  const waitFor = async (server: number, state: 'UP' | 'DOWN', timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
      const now = await states().catch(() => []);
      if (now[server] === state) return;
      if (Date.now() > until)
        throw new Error(`haproxy: s${server} is ${now[server]}, not ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  for (let n = 0; n < backends.length; n++) await waitFor(n, 'UP');
  return { base: `http://127.0.0.1:${port}`, waitFor, remove };
}

export interface PrivatePrometheus {
  /** Runs a PromQL query (the HTTP API's instant query) and gives back its vector. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  remove(): void;
}

/**
 * Prometheus (Debian's package, scripts/ensure-services.sh) on a spare loopback port, scraping
 * `targets` (host:port) every second at /metrics with `token` as the bearer token, its data in a
 * temporary folder; stopped when the test ends.
 */
export async function privatePrometheus(
  targets: string[],
  token: string,
): Promise<PrivatePrometheus> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxi-prometheus-'));
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  scrape_timeout: 1s',
    'scrape_configs:',
    '  - job_name: taxi',
    '    authorization:',
    '      type: Bearer',
    `      credentials: ${JSON.stringify(token)}`,
    '    static_configs:',
    `      - targets: ${JSON.stringify(targets)}`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const child = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', process.env.TEST_SERVER_LOGS ? 'inherit' : 'ignore'] },
  );
  const remove = onExit(() => {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (attempt > 300) throw new Error('prometheus did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    query: async (promql) => {
      const response = await fetch(
        `${base}/api/v1/query?${new URLSearchParams({ query: promql })}`,
      );
      const body = (await response.json()) as {
        status: string;
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success') throw new Error(`${promql}: ${JSON.stringify(body)}`);
      return body.data.result;
    },
    remove,
  };
}
