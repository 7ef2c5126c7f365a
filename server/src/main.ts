#!/usr/bin/env node
import { buildApp } from './app.ts';
import { configFromEnv } from './base/config.ts';

const config = configFromEnv();
const app = await buildApp(config);

/**
 * Past this the drain gives up: the longest legitimate request is a driver's 25 s long poll.
 * A process manager or orchestrator should allow a little more before its SIGKILL.
 */
const DRAIN_LIMIT_MS = 30_000;

// SIGTERM drains: /readyz fails for DRAIN_NOTICE_MS while calls are still served, so that the
// load balancer takes the process out first; then no new connections, tracking sockets told to
// reconnect elsewhere (1012), requests in flight (long polls too) finished, buffered positions
// written, then exit. SIGINT (Ctrl-C at a terminal) skips the notice.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const noticeMs = signal === 'SIGTERM' ? config.drainNoticeMs : 0;
    app.log.info({ signal, noticeMs }, 'shutting down: draining');
    app.beginDrain();
    setTimeout(() => {
      app.log.error('drain took too long: exiting with requests in flight');
      process.exit(1);
    }, noticeMs + DRAIN_LIMIT_MS).unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }, noticeMs);
  });
}

/**
 * Connections waiting to be accepted. After a restart every passenger's tracking socket and every
 * taxi reconnects at once; past Node's default of 511 the kernel drops the attempts, which the
 * caller resends only after 1, 3, 7… s. The kernel caps it at net.core.somaxconn (4096 on Linux 5.4+).
 */
const ACCEPT_QUEUE = 4096;

try {
  await app.listen({ port: config.port, host: config.host, backlog: ACCEPT_QUEUE });
} catch (error) {
  app.log.error({ err: error }, 'cannot start');
  process.exit(1);
}
