import { addTranslations, type TaxiInfo } from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { Eta, LastSeen } from './TaxiTimes';
import './taxi-card.css';
import texts from './texts.json';

addTranslations('tracking', texts);

/**
 * One taxi of the order: call number, colour, brand, plate, on its way the ETA, and when it
 * has gone silent, when its position was last updated.
 */
export function TaxiCard({
  callNumber,
  info,
  eta,
  showEta,
  lastSeen,
}: {
  callNumber: string;
  info: TaxiInfo | undefined;
  /** Minutes to the pickup (the taxi's state_eta, else the record's eta_min) and since when. */
  eta: { minutes: number; since: number } | null;
  showEta: boolean;
  /** When the latest position of a taxi gone silent arrived; null while it reports. */
  lastSeen: number | null;
}) {
  const { t } = useTrackingText();
  const title = t('client.track.taxi', { callNumber });
  return (
    <article className="tr-taxi" aria-label={title}>
      <span className="tr-taxi__badge" aria-hidden="true">
        {callNumber}
      </span>
      <div className="tr-taxi__body">
        {showEta && eta ? <Eta minutes={eta.minutes} since={eta.since} /> : null}
        {info?.vehicle_registration ? (
          <p className="tr-taxi__plate">
            <span className="tx-visually-hidden">{t('client.track.plate')}: </span>
            {info.vehicle_registration}
          </p>
        ) : null}
        <p className="tr-taxi__car">
          {info?.color ? (
            <span>
              <span className="tx-visually-hidden">{t('client.track.colour')}: </span>
              {info.color}
            </span>
          ) : null}
          {info?.brand ? (
            <span>
              <span className="tx-visually-hidden">{t('client.track.brand')}: </span>
              {info.brand}
            </span>
          ) : null}
          {!info ? <span>{title}</span> : null}
        </p>
        {lastSeen !== null ? <LastSeen at={lastSeen} /> : null}
      </div>
    </article>
  );
}
