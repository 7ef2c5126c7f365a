#!/usr/bin/env node
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

const config = configFromEnv();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'cannot start');
  process.exit(1);
}
