// Starts the real server on a free port with its own corporations and data, for one test file.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, LIFTED_LIMITS } from '../../server/test/support/server-process.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface Corporation {
  id: string;
  hostnames: string[];
  settings?: Record<string, unknown>;
  releases?: Record<string, string | object>;
  [section: string]: unknown;
}

export interface RunningApp {
  /** http://localhost:<port> */
  url: string;
  port: number;
  /** URL of the same server under another hostname (a *.localhost name reaches loopback). */
  urlFor(hostname: string): string;
  dataDir: string;
  corpDir: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
  log(): string;
}

/** The demo corporation as shipped, to derive test corporations from. */
export function demoCorporation(): Corporation {
  return JSON.parse(
    readFileSync(path.join(ROOT, 'server/corporations/localhost.json'), 'utf8'),
  ) as Corporation;
}

/**
 * A GET of the server under another hostname, named by the Host header as a browser would (Node
 * cannot resolve *.localhost, and its fetch sets the Host itself).
 */
export function getAs(
  app: RunningApp,
  hostname: string,
  pathname: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port: app.port,
        path: pathname,
        headers: { host: `${hostname}:${app.port}` },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/settings.json?hostname=localhost`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start within 30 s:\n${output()}`);
}

export async function startApp(
  options: { corporations?: Corporation[]; env?: Record<string, string> } = {},
): Promise<RunningApp> {
  const work = mkdtempSync(path.join(tmpdir(), 'taxi-e2e-'));
  const corpDir = path.join(work, 'corporations');
  const dataDir = path.join(work, 'data');
  cpSync(path.join(ROOT, 'server/corporations'), corpDir, { recursive: true });
  for (const corporation of options.corporations ?? []) {
    writeFileSync(
      path.join(corpDir, `${corporation.id}.json`),
      JSON.stringify(corporation, null, 2),
    );
  }
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = '';
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(process.execPath, [path.join(ROOT, 'server/src/main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        CORP_DIR: corpDir,
        DATA_DIR: dataDir,
        RELEASES_DIR: process.env.E2E_RELEASES_DIR ?? path.join(ROOT, 'releases'),
        SMS_DRIVER: 'outbox',
        FLEET: 'off',
        // Every login, map and link of the suite comes from 127.0.0.1.
        ...LIFTED_LIMITS,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForReady(url, child, () => output);
  };

  const stopChild = async () => {
    // A process killed by a signal has signalCode set and exitCode null.
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A shutdown that hangs must not hang the suite.
    const deadline = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(deadline);
  };

  await launch();
  return {
    url,
    port,
    urlFor: (hostname) => `http://${hostname}:${port}`,
    dataDir,
    corpDir,
    log: () => output,
    restart: async () => {
      await stopChild();
      await launch();
    },
    stop: async () => {
      await stopChild();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
