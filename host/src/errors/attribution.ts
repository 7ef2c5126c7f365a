import type { RemoteName } from '../routes/routeTable';

declare const __TAXI_RELEASE__: string | undefined;

/** The host's own release (set at build time; empty in unit tests). */
export const HOST_RELEASE = typeof __TAXI_RELEASE__ === 'undefined' ? '' : __TAXI_RELEASE__;

export interface Attribution {
  part: 'host' | RemoteName;
  release: string;
}

/** Every release's files are served from /mf/<part>/<version>/. */
const RELEASE_FILE = /\/mf\/(ordering|tracking|account|legal)\/(\d+\.\d+\.\d+[0-9A-Za-z.+-]*)\//;

/**
 * Which part raised an uncaught error: the release whose file threw (the script URL, else the
 * first release file in the stack); anything else is the host's.
 */
export function attributeError(
  filename: string | undefined,
  stack: string | undefined,
): Attribution {
  for (const text of [filename, stack]) {
    const found = text ? RELEASE_FILE.exec(text) : null;
    if (found) return { part: found[1] as RemoteName, release: found[2]! };
  }
  return { part: 'host', release: HOST_RELEASE };
}
