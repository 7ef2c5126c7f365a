import { useEffect, useRef } from 'react';
import {
  carOf,
  isNotifiedStage,
  type OrderKey,
  rideNotificationText,
  type TrackingSnapshot,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { acceptedTaxi, showRideNotice } from './rideNotice';

/**
 * While Track is open but out of sight (another tab, the phone locked with the browser open),
 * each new stage of the ride (accepted with the car, arrived, over) becomes a system
 * notification. Only with the browser's permission, which the passenger gives by opting in after
 * ordering (remote-ordering's OrderSuccess); the stage Track opened at is known, never notified.
 */
export function useRideNotifications(snapshot: TrackingSnapshot, key: OrderKey | null): void {
  const { i18n } = useTrackingText();
  const stage = snapshot.order?.stage ?? null;
  const seen = useRef<string | null>(null);
  const taxi = acceptedTaxi(snapshot);
  // The words are @taxi/contract's, the same the server pushes.
  const car = carOf(taxi);
  const lang = i18n.language;

  useEffect(() => {
    if (!key || stage === null || stage === seen.current) return;
    const first = seen.current === null;
    seen.current = stage;
    if (first || !isNotifiedStage(stage) || document.visibilityState !== 'hidden') return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const text = rideNotificationText(stage, lang, taxi);
    showRideNotice(key, text).catch(() => undefined);
    // The taxi is followed through its car's words, not its (new each update) object.
  }, [key, stage, car, lang]);
}
