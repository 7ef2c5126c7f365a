import type { PushSubscriptionData } from '@taxi/contract';
import { ApiFailure } from '../base/errors.ts';

/**
 * Push services a browser's subscription may point at: the server POSTs to the endpoint, so any
 * other host would let a caller aim the server at an address of its choice (SSRF). A host is
 * allowed when it is one of these or a subdomain of one (server/README.md, "Ride notifications").
 */
export const PUSH_SERVICE_HOSTS = [
  // Chrome, Edge on Android, Opera, Samsung Internet: Firebase Cloud Messaging.
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox: Mozilla's autopush.
  'push.services.mozilla.com',
  // Safari on macOS and iOS (web.push.apple.com).
  'push.apple.com',
  // Edge on Windows: the Windows Push Notification Service (*.notify.windows.com).
  'notify.windows.com',
] as const;

/** An endpoint is a URL of a push service; its keys: a P-256 point and a 16-byte secret. */
export interface BrowserSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The one shape of endpoint taken: host names of letters, digits, hyphens and dots, no
 * credentials, no fragment, and a path and query of characters that the WHATWG parser (which
 * checks) and Node's legacy url.parse (which web-push sends with) both leave as they are. So the
 * host, port and path checked are exactly those called.
 */
const ENDPOINT =
  /^https:\/\/(?<host>[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(?<port>[0-9]{1,5}))?(?<path>\/[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*)?$/;

function knownService(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/**
 * The endpoint's origin when it is of the one shape, at a known service on port 443 or at the
 * allowed origin (tests' push service); null otherwise.
 */
export function endpointOrigin(value: string, allowedOrigin: string): string | null {
  const parts = ENDPOINT.exec(value)?.groups;
  if (!parts?.host) return null;
  const { host, port = '' } = parts;
  if ((port === '' || port === '443') && knownService(host)) return `https://${host}`;
  const origin = `https://${host}${port ? `:${port}` : ''}`;
  return allowedOrigin !== '' && origin === allowedOrigin ? origin : null;
}

/** The endpoint, when it is of the one shape, at a known service or the allowed origin. */
export function allowedEndpoint(value: string, allowedOrigin: string): boolean {
  return endpointOrigin(value, allowedOrigin) !== null;
}

/** base64url (no padding) of exactly `bytes` bytes. */
function base64url(value: string, bytes: number): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return false;
  return (
    Buffer.from(value, 'base64url').length === bytes && value.length === Math.ceil((bytes * 4) / 3)
  );
}

/**
 * A subscription as its schema let it in (PushSubscription.toJSON()'s shape), against the rules
 * of Web Push: keys of their sizes, an endpoint at a known push service.
 */
export function readSubscription(
  { endpoint, keys: { p256dh, auth } }: PushSubscriptionData,
  allowedOrigin: string,
): BrowserSubscription {
  // An uncompressed P-256 point is 65 bytes starting with 4.
  if (!base64url(p256dh, 65) || Buffer.from(p256dh, 'base64url')[0] !== 4)
    throw new ApiFailure('ARG_ERROR', 'subscription.keys.p256dh: a P-256 public key');
  if (!base64url(auth, 16)) throw new ApiFailure('ARG_ERROR', 'subscription.keys.auth: 16 bytes');
  if (!allowedEndpoint(endpoint, allowedOrigin))
    throw new ApiFailure('INVALID_DATA', 'subscription.endpoint: not a known push service');
  return { endpoint, p256dh, auth };
}
