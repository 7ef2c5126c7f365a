import { addTranslations, ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT, type TaxiInfo } from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import texts from './texts.json';

addTranslations('tracking', texts);

/** One taxi of the order: call number, colour, brand, plate and, on its way, the ETA. */
export function TaxiCard({
  callNumber,
  info,
  eta: minutes,
  showEta,
}: {
  callNumber: string;
  info: TaxiInfo | undefined;
  /** Minutes to the pickup: the taxi's state_eta, else the record's eta_min. */
  eta: number | null;
  showEta: boolean;
}) {
  const { t } = useTrackingText();
  const eta = showEta ? minutes : null;
  const title = t('client.track.taxi', { callNumber });
  return (
    <article className="tr-taxi" aria-label={title}>
      <span className="tr-taxi__badge" aria-hidden="true">
        {callNumber}
      </span>
      <div className="tr-taxi__body">
        {eta !== null ? (
          <p className="tr-taxi__eta">
            {eta > ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT
              ? t('client.track.eta_over', { limit: ACCEPT_MISSING_TAXI_ETA_GT_DEFAULT })
              : t('client.track.eta', { count: Math.max(1, Math.ceil(eta)) })}
          </p>
        ) : null}
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
      </div>
    </article>
  );
}
