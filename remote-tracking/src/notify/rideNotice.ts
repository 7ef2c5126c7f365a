import { type OrderKey, type TaxiInfo, type TrackingSnapshot, trackLink } from '@taxi/shared';

/** Stages the passenger is told about when the page is out of sight (the server pushes the same). */
const NOTIFIED = ['taxi_on_the_way', 'taxi_arrived', 'finished', 'no_show', 'cancelled'] as const;
export type NotifiedStage = (typeof NOTIFIED)[number];

export function isNotified(stage: string | null): stage is NotifiedStage {
  return (NOTIFIED as readonly (string | null)[]).includes(stage);
}

/** 'white Toyota Prius, KR 1': what the passenger looks for at the kerb. */
export function carOf(taxi: TaxiInfo | undefined): string {
  if (!taxi) return '';
  const car = [taxi.color, taxi.brand].filter(Boolean).join(' ');
  return [car, taxi.vehicle_registration].filter(Boolean).join(', ');
}

/** The first accepted taxi's car, as the tracking record names it. */
export function acceptedCar(snapshot: TrackingSnapshot): string {
  const callNumber = snapshot.order?.accepted_taxis[0];
  return carOf(callNumber === undefined ? undefined : snapshot.taxisData[callNumber]);
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
