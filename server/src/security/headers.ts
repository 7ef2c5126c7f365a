// The headers of OWASP ASVS V14.4 on every reply: pages, files, the API, errors.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../base/services.ts';
import { cachedPagePolicy, type InlineHashes, inlineHashes, NON_PAGE_POLICY } from './csp.ts';

/** Geolocation for the app itself (the pickup); every other powerful feature off. */
const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

const HSTS = 'max-age=31536000';

/** A Host header fit to be named in a CSP source (anything else is left out, not echoed). */
const SOCKET_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Inline script and style hashes of the last pages served; a host's index.html rarely changes. */
const hashesOfPage = new Map<string, InlineHashes>();
const NO_HASHES: InlineHashes = { scripts: [], styles: [] };

function pageHashes(html: string): InlineHashes {
  let hashes = hashesOfPage.get(html);
  if (!hashes) {
    hashes = inlineHashes(html);
    if (hashesOfPage.size >= 32) hashesOfPage.clear();
    hashesOfPage.set(html, hashes);
  }
  return hashes;
}

/** The tracking socket's origin for this request ('self' covers it in CSP 3; older browsers need it named). */
function socketSource(request: FastifyRequest): string {
  const host = request.host;
  if (!SOCKET_HOST.test(host)) return '';
  return ` ${request.protocol === 'https' ? 'wss' : 'ws'}://${host}`;
}

/** The page's policy, or undefined when the reply is not a document of the app. */
function appPolicy(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): string | undefined {
  const type = String(reply.getHeader('content-type') ?? '');
  const page =
    type.startsWith('text/html') && (typeof payload === 'string' || Buffer.isBuffer(payload));
  // The service worker fetches on the page's behalf under its own script's policy.
  const worker = request.url.split('?', 1)[0] === '/sw.js' && type.includes('javascript');
  if (!page && !worker) return undefined;
  // The page's and the worker's own corporation: chosen by the Host alone, like their release.
  const corporation = services.corporations.forHost(request);
  if (!corporation) return undefined;
  const hashes = page ? pageHashes(String(payload)) : NO_HASHES;
  return cachedPagePolicy(corporation, hashes) + socketSource(request);
}

/** Adds the security headers to every reply of the app (registered on the root instance). */
export async function securityHeaders(app: FastifyInstance, services: Services) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(
      'Content-Security-Policy',
      appPolicy(services, request, reply, payload) ?? NON_PAGE_POLICY,
    );
    reply.header('X-Content-Type-Options', 'nosniff');
    // The /t/{o}/{p} and /r/{o}/{p} links carry a ride's secret: never in a Referer.
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    // request.protocol is https over TLS, or from X-Forwarded-Proto of a proxy TRUST_PROXY trusts.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
}
// The hook must reach every route and the not-found and error handlers, so no encapsulation.
(securityHeaders as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
