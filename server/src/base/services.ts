import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';

/**
 * Shared infrastructure handed to every plugin; the composition root (app.ts) builds it. The
 * concern that makes a piece adds it here by declaration merging (`declare module
 * '../base/services.ts'` beside the piece's type, as the tables join db/tables.ts), so that the
 * plugins take the bag from below: base/ imports no concern.
 */
export interface Services {
  config: Config;
  log: FastifyBaseLogger;
  clock: Clock;
  /** The caller's address as every per-address limit counts it (base/client-address.ts). */
  clientAddress(request: IncomingMessage): string;
  /** Draws canary buckets and signs view tickets (releases/bucket.ts). */
  releaseKey: Buffer;
}
