import { useEffect, useRef } from 'react';
import { addTranslations, type OrderKey, type TrackingSnapshot } from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { acceptedCar, isNotified, showRideNotice } from './rideNotice';
import texts from './texts.json';

addTranslations('tracking', texts);

/**
 * While Track is open but out of sight (another tab, the phone locked with the browser open),
 * each new stage of the ride (accepted with the car, arrived, over) becomes a system
 * notification. Only with the browser's permission, which the passenger gives by opting in after
 * ordering (remote-ordering's OrderSuccess); the stage Track opened at is known, never notified.
 */
export function useRideNotifications(snapshot: TrackingSnapshot, key: OrderKey | null): void {
  const { t } = useTrackingText();
  const stage = snapshot.order?.stage ?? null;
  const seen = useRef<string | null>(null);
  const car = acceptedCar(snapshot);

  useEffect(() => {
    if (!key || stage === null || stage === seen.current) return;
    const first = seen.current === null;
    seen.current = stage;
    if (first || !isNotified(stage) || document.visibilityState !== 'hidden') return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const body = car
      ? t(`notify.${stage}.body`, { car })
      : t([`notify.${stage}.plain`, `notify.${stage}.body`], { car: '' });
    showRideNotice(key, { title: t(`notify.${stage}.title`), body }).catch(() => undefined);
  }, [key, stage, car, t]);
}
