// Page views of the registry as release health counts them: a device counts once per release and
// hour, and only so many new devices per client address and hour; the devices past that get
// stable releases and no ticket, so a flood from one address neither draws canary buckets nor
// moves an error rate.
import type { FastifyRequest } from 'fastify';
import type { Corporation } from '../corporations/directory.ts';
import {
  countInBackground,
  countViews,
  hourOf,
  passengerOf,
  type Served,
} from '../reports/health.ts';
import type { Bucket } from './bucket.ts';
import type { Services } from '../base/services.ts';
import { resolveRelease, type RemoteEntry } from './resolve.ts';
import { issueTicket } from '../reports/ticket.ts';

const HOUR = 60 * 60_000;

/**
 * The device id when this request's device counts (and may be given a canary): one counted this
 * hour already, or a new one while its address has room; undefined otherwise.
 */
export async function countedDevice(
  { limits, config, clientAddress }: Services,
  request: FastifyRequest,
  device: string | undefined,
): Promise<string | undefined> {
  if (!device) return undefined;
  const counted = `release-device:${passengerOf(device)}`;
  if ((await limits.used(counted)) > 0) return device;
  const address = `release-devices:${clientAddress(request.raw)}`;
  if (!(await limits.take(address, config.limits.releaseDevicesPerIpPerHour, HOUR)))
    return undefined;
  await limits.take(counted, 1, HOUR);
  return device;
}

/**
 * Every start of the app asks for the registry once: a view of the host and of each remote
 * release it was given, the denominator of their error rates. Answered with the view's ticket,
 * which the app sends back with its error reports. The registry is on every start's critical
 * path: its write (a database round trip, queued behind other writes on SQLite) is not waited
 * for, and never fails the registry. The hour of the view is the request's, however late the write.
 */
export async function countRegistryView(
  services: Services,
  request: FastifyRequest,
  corporation: Corporation,
  releases: Record<string, RemoteEntry>,
  buckets: Record<string, Bucket>,
  device: string,
): Promise<string> {
  const { config, storage, clock, releaseKey } = services;
  const now = clock.now();
  const seen: Served[] = Object.entries(releases).flatMap(([part, entry]) =>
    entry.version ? [{ part, release: entry.version, bucket: buckets[part] ?? 'stable' }] : [],
  );
  const host = await resolveRelease(config.releasesDir, 'host', corporation.releases.host?.use);
  // The host has no canary share: its pages follow the corporation's pin.
  if (host?.kind === 'version') seen.push({ part: 'host', release: host.version, bucket: 'stable' });
  const passenger = passengerOf(device);
  const write = countViews(storage.db, corporation.id, seen, passenger, now).catch(
    (error: unknown) => request.log.error({ err: error }, 'release health: page view not counted'),
  );
  countInBackground(storage.db, write);
  return issueTicket(releaseKey, {
    corporation: corporation.id,
    passenger,
    hour: hourOf(now),
    releases: seen,
  });
}
