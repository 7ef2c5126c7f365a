import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '../routes/routeTable';
import { deviceId } from './device';
import {
  chooseReleases,
  type Bucket,
  type ChosenReleases,
  type Refusal,
  type RegistryReply,
} from './compatibility';
import { takeEarly } from '../settings/early';
import { keepViewTicket, reportReleaseError } from './ticket';

/** A corporation's registry: remote name -> URL of its release's mf-manifest.json. */
export type Registry = Partial<Record<RemoteName, string>>;

/** The remote is up but does not expose this screen yet (its issue has not landed). */
export class ScreenNotYetAvailable extends Error {
  constructor(id: string) {
    super(`${id} is not exposed yet`);
    this.name = 'ScreenNotYetAvailable';
  }
}

let registry: Registry = {};
let versions: Partial<Record<RemoteName, string>> = {};
let buckets: Partial<Record<RemoteName, Bucket>> = {};

/**
 * The corporation's registry, reduced to the releases this host can run. The device id picks
 * this device's canary buckets; with it in the URL, the service worker keeps this device's answer.
 */
export async function fetchRegistry(hostname = location.hostname): Promise<ChosenReleases> {
  const device = deviceId();
  const url = `/remotes.json?${new URLSearchParams({ hostname, ...(device ? { device } : {}) })}`;
  const read = async (response: Response) => {
    if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
    return chooseReleases((await response.json()) as RegistryReply);
  };
  let chosen = await read(await takeEarly('registry', () => fetch(url, { cache: 'no-cache' })));
  // The service worker answers with the registry it kept; one naming a release this host
  // refuses may be older than the host itself: the server's answer is asked for at once.
  if (chosen.refused.length > 0) chosen = await read(await fetch(url, { cache: 'reload' }));
  keepViewTicket(chosen.ticket);
  for (const refusal of chosen.refused) reportRefusal(refusal);
  return chosen;
}

/** An incompatible release is never loaded; the operator hears of it. */
function reportRefusal({ remote, version, reasons, fallbackVersion }: Refusal): void {
  const instead = fallbackVersion
    ? `; running fallback ${fallbackVersion}`
    : '; its routes are unavailable';
  const message = `remote ${remote} ${version ?? ''} is incompatible with this host: ${reasons.join(', ')}${instead}`;
  console.error(message);
  void reportReleaseError({
    message,
    error: 'IncompatibleRelease',
    part: remote,
    release: version,
  });
}

/** Registers every remote of the registry; nothing is downloaded until a route needs it. */
export function registerRegistry(
  next: Pick<ChosenReleases, 'entries' | 'versions' | 'buckets'>,
): void {
  registry = next.entries;
  versions = next.versions;
  buckets = next.buckets ?? {};
  registerPlugins([
    {
      name: 'taxi-report-remote-failures',
      errorLoadRemote({ id, error }) {
        console.warn(`remote ${id} failed to load`, error);
        const remote = id.split('/', 1)[0] as RemoteName;
        void reportReleaseError({
          message: `remote ${id} failed to load`,
          error: String(error),
          part: remote,
          release: versions[remote],
        });
        // Nothing to fall back to here: the route's boundary shows the unavailable view.
        return undefined;
      },
    },
  ]);
  registerRemotes(Object.entries(registry).map(([name, entry]) => ({ name, entry })));
}

/** The release of a remote the page runs, as its own build declared it in its manifest. */
export function loadedRelease(remote: RemoteName): string | undefined {
  const info = (
    globalThis as { __FEDERATION__?: { moduleInfo?: Record<string, { buildVersion?: string }> } }
  ).__FEDERATION__?.moduleInfo;
  const entry = registry[remote];
  return (
    (entry && info?.[`${remote}:${new URL(entry, location.href).href}`]?.buildVersion) ??
    versions[remote]
  );
}

/** Which bucket the registry put this device in for a remote's release. */
export function bucketOf(remote: RemoteName): Bucket {
  return buckets[remote] ?? 'stable';
}

/** Drops what the runtime cached of a remote, so the next load fetches it again. */
export function forgetRemote(remote: RemoteName): void {
  const entry = registry[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}

async function exposesModule(entry: string, module: string): Promise<boolean | null> {
  try {
    const response = await fetch(entry, { cache: 'no-cache' });
    if (!response.ok) return null;
    const manifest = (await response.json()) as { exposes?: { path?: string }[] };
    return (manifest.exposes ?? []).some((expose) => expose.path === module);
  } catch {
    return null;
  }
}

/** Loads the component a route row names; throws when the remote is down or lacks it. */
export async function loadScreen(remote: RemoteName, module: string): Promise<ComponentType> {
  const entry = registry[remote];
  if (!entry) throw new Error(`remote ${remote} is not in the registry`);
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  try {
    const loaded = await loadRemote<{ default?: ComponentType }>(id);
    if (!loaded?.default) throw new Error(`${id} has no default export`);
    return loaded.default;
  } catch (error) {
    if ((await exposesModule(entry, module)) === false) throw new ScreenNotYetAvailable(id);
    throw error;
  }
}
