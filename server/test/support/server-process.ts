import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/**
 * Every per-address and per-client limit lifted: the loads of the browser tests and the benches
 * all come from 127.0.0.1. A test of a limit sets its own.
 */
export const LIFTED_LIMITS: NodeJS.ProcessEnv = Object.fromEntries(
  [
    'TRACK_SOCKETS_PER_IP',
    'TRACK_SOCKETS_PER_ORDER',
    'TRACK_MESSAGES_PER_SECOND',
    'ORDER_SIM_PER_CLIENT_PER_MINUTE',
    'ORDER_SAVE_PER_CLIENT_PER_HOUR',
    'ORDER_CANCEL_PER_CLIENT_PER_HOUR',
    'DRIVER_LOGIN_PER_IP_PER_MINUTE',
    'TILES_PER_IP_PER_MINUTE',
    'RASTER_DRAWS_PER_IP_PER_MINUTE',
    'OPEN_SCHEDULED_ORDERS_PER_CLIENT',
    'SMS_PER_IP_PER_HOUR',
    'GEO_PER_IP_PER_MINUTE',
  ].map((name) => [name, '100000000']),
);

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful drain); resolves with the exit code once the process is gone. */
  stop(): Promise<number | null>;
}

/** A loopback port nothing listens on now (servers, private databases, test services). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface ServerProcessOptions {
  /** Runs it under another command (`prlimit --fsize=…`, say). */
  prefix?: string[];
  /** Another release's `src/main.ts` (schema-compat.test.ts). */
  main?: string;
  /** Takes the server's output (its pino log and errors) instead of the test's own streams. */
  output?: (text: string) => void;
}

/**
 * The real server (src/main.ts) in its own process on a free loopback port, once it answers;
 * without the demo fleet, the extract and the drain notice unless `env` asks for them. On
 * `env.PORT` if given (a process restarted behind a load balancer), else on a free port.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  { prefix = [], main = MAIN, output }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = Number(env.PORT) || (await freePort());
  const [command, ...args] = [...prefix, process.execPath, main];
  const child = spawn(command!, args, {
    env: {
      ...process.env,
      FLEET: 'off',
      OSM_EXTRACT: 'none',
      // A test that stops a process waits for no balancer unless it says so.
      DRAIN_NOTICE_MS: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    // TEST_SERVER_LOGS=1 shows the server's log (pino writes to standard output).
    stdio: [
      'ignore',
      output ? 'pipe' : process.env.TEST_SERVER_LOGS ? 'inherit' : 'ignore',
      output ? 'pipe' : 'inherit',
    ],
  });
  if (output) {
    child.stdout?.on('data', (chunk: Buffer) => output(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output(chunk.toString()));
  }
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(`${base}/api/2/`);
      break;
    } catch {
      if (attempt > 200) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    child,
    base,
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
