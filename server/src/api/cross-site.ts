import type { IncomingHttpHeaders } from 'node:http';
import type { Corporation } from '../corporations/directory.ts';
import { ApiFailure } from '../base/errors.ts';

/**
 * Actions that change nothing: another site may make a browser call them (it cannot read the
 * reply). Every other action is refused when a browser says another site triggered it, so that
 * a foreign page cannot make its visitors send login SMS, place, cancel or delete anything.
 */
export const READ_ONLY_ACTIONS: ReadonlySet<string> = new Set([
  'GET_AUTH',
  'GET_CLIENT',
  'GET_PHONE',
  'GET_CURRENT_ORDERS',
  'GET_CLIENT_ORDER_HISTORY',
  'ORDER_SIM',
  'POI_QUERY',
  'GET_ADDRESS',
  'GET_RATE',
  'GET_RECEIPT',
]);

/**
 * True when a browser triggered the request from another site: `Sec-Fetch-Site: cross-site`, or
 * an `Origin` (including `null`) that is neither the request's own host nor one of the
 * corporation's host names. Callers that send neither header (servers, the driver app) pass.
 */
export function isCrossSite(
  headers: IncomingHttpHeaders,
  corporation: Pick<Corporation, 'hostnames'>,
): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true;
  }
  if (url.host === headers.host) return false;
  return !corporation.hostnames.includes(url.hostname.toLowerCase());
}

/** ACCESS_DENIED for a call another site triggered; a host no corporation serves has no own names. */
export function refuseCrossSite(
  headers: IncomingHttpHeaders,
  corporation: Pick<Corporation, 'hostnames'> | undefined,
): void {
  if (isCrossSite(headers, corporation ?? { hostnames: [] }))
    throw new ApiFailure('ACCESS_DENIED', 'Refused: the call came from another site');
}
