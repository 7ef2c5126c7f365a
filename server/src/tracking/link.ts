// A ride link (/t/{short id}/{secret}) opens one order to whoever holds it. The tracking
// socket's LOGIN and the ride link's page (its skeleton names the order's state)
// check it here and share one budget of refused tries per address: neither lets anyone guess
// secrets faster than the other.
import { SCREEN_PATHS, orderViewOf, pathParams, type OrderView } from '@taxi/contract';
import { trackFacts } from '../dispatch/record.ts';
import { findTrackedOrder } from '../orders/store.ts';
import type { Services } from '../base/services.ts';

/** Refused tries (wrong secret or order) per client address per minute, before all are refused. */
export const REFUSED_LINKS_PER_IP_PER_MINUTE = 30;

type LinkServices = Pick<Services, 'storage' | 'limits'>;
type TrackedOrderRow = NonNullable<Awaited<ReturnType<typeof findTrackedOrder>>>;

/** A link's short id and secret as the server reads them: the id trimmed and upper-case, both bounded. */
export function rideLinkKey(shortId: string, secret: string) {
  return { shortId: shortId.trim().toUpperCase().slice(0, 20), secret: secret.slice(0, 100) };
}

/** The order a link opens; 'limited' while the address has used up its refused tries. */
export async function openRideLink(
  { storage, limits }: LinkServices,
  corporationId: string,
  ip: string,
  shortId: string,
  secret: string,
): Promise<TrackedOrderRow | 'limited' | undefined> {
  const refused = `track-login-failed:${ip}`;
  if ((await limits.used(refused)) >= REFUSED_LINKS_PER_IP_PER_MINUTE) return 'limited';
  const order = await findTrackedOrder(storage.db, corporationId, shortId, secret);
  // An unknown order and a wrong secret count the same.
  if (!order) await limits.take(refused, REFUSED_LINKS_PER_IP_PER_MINUTE, 60_000);
  return order;
}

/**
 * The view of the order a ride link's page opens, for its skeleton's heading; undefined for a
 * path that is no ride link, a link that opens nothing, or an address out of tries.
 */
export async function rideLinkView(
  services: LinkServices,
  corporationId: string,
  ip: string,
  pathname: string,
): Promise<OrderView | undefined> {
  const link = pathParams(SCREEN_PATHS.Track, pathname);
  if (!link) return undefined;
  let key: ReturnType<typeof rideLinkKey>;
  try {
    key = rideLinkKey(decodeURIComponent(link.o!), decodeURIComponent(link.p!));
  } catch {
    return undefined;
  }
  const order = await openRideLink(services, corporationId, ip, key.shortId, key.secret);
  if (!order || order === 'limited') return undefined;
  return orderViewOf(await trackFacts(services.storage.db, order));
}
