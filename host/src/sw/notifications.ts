// Ride notifications in the service worker (docs/ride-notifications.md): a Web Push carries
// the text to show (RidePushMessage); a tap opens or focuses that ride's Track.
import type { RidePushMessage } from '@taxi/contract';

/** The push's message, or null for anything else (a push of another sender, a broken one). */
export function readRidePush(json: unknown): RidePushMessage | null {
  if (typeof json !== 'object' || json === null) return null;
  const { title, body, url, tag } = json as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  return { title, body, url, tag: typeof tag === 'string' ? tag : '' };
}

/** Only a path of this app is ever opened from a notification. */
export function ownPage(url: unknown, origin: string): string {
  const target = new URL(typeof url === 'string' ? url : '/', origin);
  return target.origin === origin ? target.href : new URL('/', origin).href;
}
