import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so default folders do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  host: string;
  corpDir: string;
  releasesDir: string;
  dataDir: string;
  production: boolean;
  /** false silences the log (tests); otherwise a pino level. */
  logLevel: string | false;
  /** How often corporation files are checked for changes. */
  corpRefreshMs: number;
}

function folder(value: string | undefined, fallback: string): string {
  return path.resolve(REPO_ROOT, value && value.trim() ? value : fallback);
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) throw new Error(`PORT: not a port: ${value}`);
  return number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: port(env.PORT),
    host: env.HOST || '0.0.0.0',
    corpDir: folder(env.CORP_DIR, 'server/corporations'),
    releasesDir: folder(env.RELEASES_DIR, 'releases'),
    dataDir: folder(env.DATA_DIR, 'data'),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL || 'info',
    corpRefreshMs: 1000,
  };
}
