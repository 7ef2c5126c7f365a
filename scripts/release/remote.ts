// The release command's remote mode: the same commands over the server's release API, for teams
// without the server's shell. The token goes in a header, never in a URL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type HealthQuery,
  type PinRequest,
  type PromoteRequest,
  type PublishRequest,
  type ReleasePart,
  type RollbackRequest,
} from '@taxi/contract/schemas';
import { isLoopback } from '@taxi/server/base/client-address';
import { filesOf } from '@taxi/server/releases/files';
import { assertPart, type Change } from '@taxi/server/releases/pointers';
import type { PartHealth } from '@taxi/server/releases/health';
import { builtRelease } from './publish.ts';

export interface Remote {
  server: string;
  token: string;
}

interface Reply {
  status: 'OK' | 'ERR';
  status_mesg?: string;
  error_data?: string;
  result?: string;
  change?: Change;
  corporations?: { id: string; releases: Record<string, unknown> }[];
  health?: PartHealth[];
}

/**
 * The server of the remote mode as given, if the token is safe on the way there: https, or
 * plain http only to this machine (localhost, 127.0.0.0/8, ::1).
 */
export function remoteServer(server: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new Error(`--server: not a URL: ${server}`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const local = host === 'localhost' || isLoopback(host);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && local)) return server;
  throw new Error(
    `--server: https://… (http:// only to this machine: localhost, 127.0.0.1, [::1]), not ${url.origin}`,
  );
}

/** What each call of the release API takes: the schemas the server checks it against. */
interface Calls {
  list: undefined;
  health: HealthQuery;
  publish: PublishRequest;
  promote: PromoteRequest;
  pin: PinRequest;
  rollback: RollbackRequest;
}

/** The calls that read (GET, their input in the query); the others change something (POST). */
const READS: readonly (keyof Calls)[] = ['list', 'health'];

/** A part the release API knows, or an error naming the unknown one. */
export function releasePart(part: string): ReleasePart {
  assertPart(part);
  return part;
}

export async function call<What extends keyof Calls>(
  remote: Remote,
  what: What,
  ...[input]: Calls[What] extends undefined ? [] : [Calls[What]]
): Promise<Reply> {
  const url = new URL(`/release/api/${what}`, remote.server);
  const reads = READS.includes(what);
  if (reads)
    for (const [name, value] of Object.entries(input ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
  const response = await fetch(url, {
    method: reads ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${remote.token}`,
      ...(reads ? {} : { 'content-type': 'application/json' }),
    },
    ...(reads ? {} : { body: JSON.stringify(input) }),
  });
  if (!response.ok) throw new Error(`${url.origin}: HTTP ${response.status}`);
  const reply = (await response.json()) as Reply;
  if (reply.status !== 'OK') throw new Error(`${reply.error_data}: ${reply.status_mesg}`);
  return reply;
}

/** Uploads the build of a part with its record; the server checks both and keeps it immutable. */
export async function publishRemote(remote: Remote, part: string): Promise<string> {
  const { version, dir, record } = builtRelease(part);
  const files = Object.fromEntries(
    filesOf(dir).map((file) => [file, readFileSync(path.join(dir, file)).toString('base64')]),
  );
  return (
    (await call(remote, 'publish', { part: releasePart(part), version, record, files })).result ??
    ''
  );
}
