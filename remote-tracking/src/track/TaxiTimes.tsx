import { ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT } from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { useElapsed } from './useElapsed';

/**
 * 'Arrives in about n min', counting down each minute from when the ETA arrived until the
 * next report says otherwise; it never reads less than 1 min while the taxi is on its way.
 */
export function Eta({ minutes, since }: { minutes: number; since: number }) {
  const { t } = useTrackingText();
  const passed = useElapsed(since, 60_000);
  return (
    <p className="tr-taxi__eta">
      {minutes > ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT
        ? t('client.track.eta_over', { limit: ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT })
        : t('client.track.eta', { count: Math.max(1, Math.ceil(minutes - passed)) })}
    </p>
  );
}

/** 'Position updated 40 s ago' (minutes after the first one), for a taxi gone silent. */
export function LastSeen({ at }: { at: number }) {
  const { t } = useTrackingText();
  const seconds = useElapsed(at, 1000);
  return (
    <p className="tr-taxi__seen">
      {seconds < 60
        ? t('client.track.seen_seconds', { count: seconds })
        : t('client.track.seen_minutes', { count: Math.floor(seconds / 60) })}
    </p>
  );
}
