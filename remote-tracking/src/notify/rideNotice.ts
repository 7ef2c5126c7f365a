import { type OrderKey, type TaxiInfo, type TrackingSnapshot, trackLink } from '@taxi/shared';

/** The first accepted taxi, as the tracking record names it. */
export function acceptedTaxi(snapshot: TrackingSnapshot): TaxiInfo | undefined {
  const callNumber = snapshot.order?.accepted_taxis[0];
  return callNumber === undefined ? undefined : snapshot.taxisData[callNumber];
}

/** One notification per ride (the server's pushes use the same tag, so they replace each other). */
export function rideTag(key: OrderKey): string {
  return `ride-${key.shortId.toUpperCase()}`;
}

/**
 * Shows it through the service worker, so that a tap opens the ride's Track (its
 * notificationclick); a page without a worker falls back on the page's own Notification.
 */
export async function showRideNotice(
  key: OrderKey,
  text: { title: string; body: string },
): Promise<void> {
  const options = { body: text.body, tag: rideTag(key), data: { url: trackLink(key) } };
  const registration = await navigator.serviceWorker?.getRegistration();
  if (registration) await registration.showNotification(text.title, options);
  else new Notification(text.title, options);
}
