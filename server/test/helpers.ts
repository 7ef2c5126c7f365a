import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';

export function tempDir(prefix = 'taxi-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function writeFile(file: string, content: string | object): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

/** A corporation file as an operator writes it; `overrides` replaces top-level sections. */
export function corporationFile(id: string, hostnames: string[], overrides: Record<string, unknown> = {}) {
  return {
    id,
    hostnames,
    settings: { corp: `Taxi ${id}`, color: '#123456', corp_icon: `/brand/${id}/icon.svg`, currency: 'zł', corp_legal: false },
    releases: {},
    ...overrides,
  };
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
}

/** An app over fresh temp folders with one corporation "demo" on localhost, closed after the file's tests. */
export async function startApp(options: { config?: Partial<Config>; corporations?: object[] } = {}): Promise<TestServer> {
  const root = tempDir();
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    corpDir: path.join(root, 'corporations'),
    releasesDir: path.join(root, 'releases'),
    dataDir: path.join(root, 'data'),
    production: false,
    logLevel: false,
    corpRefreshMs: 0,
    ...options.config,
  };
  fs.mkdirSync(config.corpDir, { recursive: true });
  for (const corporation of options.corporations ?? [corporationFile('demo', ['localhost'])]) {
    writeFile(path.join(config.corpDir, `${(corporation as { id: string }).id}.json`), corporation);
  }
  const app = await buildApp(config);
  after(() => app.close());
  return { app, config };
}
