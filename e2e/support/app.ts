// Starts the real server on a free port with its own corporations and data, for one test file.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  LIFTED_LIMITS,
  type ServerProcess,
  startServerProcess,
} from '@taxi/server/test-support/server-process';

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

/**
 * With E2E_CACHE_DIR set (npm test sets it for one run), the servers of the suite share what a
 * server makes once into its data folder and reads back on its next start: the extract's import
 * (geo/) and the map's glyphs and icons (tiles/). Each is keyed by its source and version and
 * written aside then renamed, so servers running at once share it safely; the first server of
 * the run still makes it.
 */
function shareMadeOnce(dataDir: string): void {
  const shared = process.env.E2E_CACHE_DIR;
  if (!shared) return;
  mkdirSync(dataDir, { recursive: true });
  for (const made of ['geo', 'tiles']) {
    mkdirSync(path.join(shared, made), { recursive: true });
    symlinkSync(path.join(shared, made), path.join(dataDir, made));
  }
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
  shareMadeOnce(dataDir);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = '';
  let server: ServerProcess | undefined;

  const launch = async () => {
    try {
      server = await startServerProcess(
        {
          NODE_ENV: 'test',
          PORT: String(port),
          CORP_DIR: corpDir,
          DATA_DIR: dataDir,
          RELEASES_DIR: process.env.E2E_RELEASES_DIR ?? path.join(ROOT, 'releases'),
          SMS_DRIVER: 'outbox',
          // The demo extract (OSM_EXTRACT unset) for the address search, unless the run names one.
          OSM_EXTRACT: process.env.OSM_EXTRACT ?? '',
          // Every login, map and link of the suite comes from 127.0.0.1.
          ...LIFTED_LIMITS,
          ...options.env,
        },
        { output: (text) => (output += text) },
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}:\n${output}`, { cause: error });
    }
  };

  const stopChild = async () => {
    if (!server) return;
    const stopping = server;
    server = undefined;
    // A shutdown that hangs must not hang the suite.
    const deadline = setTimeout(() => void stopping.kill(), 10_000);
    await stopping.stop();
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
