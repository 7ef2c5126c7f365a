// The passenger's choice about ride notifications, and the browser's push subscription.
import { api } from '../api/instance';
import { deviceStorage } from '../session/storage';

/** 'on' once the passenger said yes, 'off' once they said no: never asked again on this device. */
const CHOICE_KEY = 'taxi.ride_notifications';
export type NotificationChoice = 'on' | 'off' | null;

export function notificationChoice(): NotificationChoice {
  const value = deviceStorage.read(CHOICE_KEY);
  return value === 'on' || value === 'off' ? value : null;
}

export function rememberChoice(choice: 'on' | 'off'): void {
  deviceStorage.write(CHOICE_KEY, choice);
}

/** Whether the browser can show notifications at all, and has not been told no already. */
export function notificationsPossible(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission !== 'denied';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function sameKey(kept: ArrayBuffer | null, wanted: Uint8Array): boolean {
  const bytes = kept ? new Uint8Array(kept) : new Uint8Array();
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/** The server's VAPID key, or null when it sends no Web Push (or cannot be asked). */
export async function pushKey(): Promise<string | null> {
  try {
    return (await api.get('GET_PUSH_KEY')).public_key ?? null;
  } catch {
    return null;
  }
}

/**
 * Subscribes this browser (through the service worker) and gives the subscription to the server
 * for the order. Without a worker or push support: false, the open app still notifies (Track).
 */
export async function subscribeRide(shortId: string, publicKey: string): Promise<boolean> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration?.pushManager) return false;
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made for another key (the deployment's keys changed): its pushes would be refused.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return false;
  await api.action('PUSH_SUBSCRIBE', {
    order_short_id: shortId,
    subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  return true;
}
