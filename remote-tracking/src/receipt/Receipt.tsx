import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import {
  addressLine,
  addTranslations,
  api,
  type ApiErrorCode,
  Button,
  formatPrice,
  isApiError,
  type OrderKey,
  type OrderState,
  type Receipt as ReceiptData,
  type Settings,
  SETTINGS_DEFAULTS,
  settingsAtom,
  shortDateTime,
  Spinner,
  trackLink,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { OrderNotFound } from '../common/OrderNotFound';
import { usePathOrderKey } from '../common/useOrderKey';
import { AskForTaxi } from '../favourite/AskForTaxi';
import { ShareRide } from '../share/ShareRide';
import '../common/tracking.css';
import './receipt.css';
import texts from './texts.json';

addTranslations('tracking', texts);

type Load =
  | { status: 'loading' }
  | { status: 'refused'; code: ApiErrorCode | null }
  | { status: 'pending'; state: OrderState }
  | { status: 'ok'; receipt: ReceiptData };

/** GET_RECEIPT with the link's secret: the server's figures, never the app's estimate. */
function useReceipt(orderKey: OrderKey | null): Load {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const shortId = orderKey?.shortId;
  const secret = orderKey?.secret;
  useEffect(() => {
    if (!shortId || !secret) {
      setLoad({ status: 'refused', code: null });
      return;
    }
    let current = true;
    setLoad({ status: 'loading' });
    api.get('GET_RECEIPT', { order_short_id: shortId, secret }).then(
      (reply) => {
        if (!current) return;
        setLoad(
          reply.receipt
            ? { status: 'ok', receipt: reply.receipt }
            : { status: 'pending', state: reply.state },
        );
      },
      (error: unknown) => {
        if (current) setLoad({ status: 'refused', code: isApiError(error) ? error.code : null });
      },
    );
    return () => {
      current = false;
    };
  }, [shortId, secret]);
  return load;
}

/** The corporation's legal data (settings): its name in the reader's language, details, e-mail. */
function Seller({ settings, lang }: { settings: Settings; lang: string }) {
  const { t } = useTrackingText();
  const name =
    (lang === 'pl'
      ? settings.self_name || settings.self_name_en
      : settings.self_name_en || settings.self_name) || settings.corp;
  return (
    <section className="rc-section" aria-labelledby="rc-seller">
      <h2 id="rc-seller">{t('client.receipt.seller')}</h2>
      <p className="rc-seller__name">{name}</p>
      <dl className="rc-facts">
        <Fact label={t('client.receipt.seller_details')} value={settings.gdpr_admin || null} />
        <Fact label={t('client.receipt.seller_email')} value={settings.self_email || null} />
      </dl>
    </section>
  );
}

/** One line of the fare: what it is and its amount. */
function Line({ label, amount, currency }: { label: string; amount: number; currency: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{formatPrice(amount, currency)}</td>
    </tr>
  );
}

const decimal = (value: number) => String(value).replace('.', ',');

function Fare({ receipt, currency }: { receipt: ReceiptData; currency: string }) {
  const { t } = useTrackingText();
  const { fare, price } = receipt;
  if (price === null) return <p>{t('client.receipt.no_price')}</p>;
  const money = (amount: number) => formatPrice(amount, currency);
  return (
    <table className="rc-fare">
      <caption className="tx-visually-hidden">{t('client.receipt.fare')}</caption>
      <tbody>
        {fare ? (
          <>
            <tr>
              <th scope="row">{t('client.receipt.tariff')}</th>
              <td>{t(`client.receipt.tariff_${fare.tariff}`)}</td>
            </tr>
            <Line
              label={t('client.receipt.start_fee')}
              amount={fare.start_fee}
              currency={currency}
            />
            <Line
              label={t('client.receipt.distance_charge', {
                km: decimal(fare.distance_km),
                rate: money(fare.per_km),
              })}
              amount={fare.distance_charge}
              currency={currency}
            />
            {fare.per_minute > 0 ? (
              <Line
                label={t('client.receipt.time_charge', {
                  min: fare.duration_min,
                  rate: money(fare.per_minute),
                })}
                amount={fare.time_charge}
                currency={currency}
              />
            ) : null}
            {fare.minimum_top_up > 0 ? (
              <Line
                label={t('client.receipt.minimum_top_up', { amount: money(fare.minimum_price) })}
                amount={fare.minimum_top_up}
                currency={currency}
              />
            ) : null}
            {fare.surcharges.map((surcharge) => (
              <Line
                key={surcharge.name}
                label={t('client.receipt.surcharge', { name: surcharge.name })}
                amount={surcharge.amount}
                currency={currency}
              />
            ))}
            {fare.taxi_count > 1 ? (
              <Line
                label={t('client.receipt.taxis', { count: fare.taxi_count })}
                amount={fare.tariff_price}
                currency={currency}
              />
            ) : null}
            {fare.adjustment !== 0 ? (
              <Line
                label={t('client.receipt.adjustment')}
                amount={fare.adjustment}
                currency={currency}
              />
            ) : null}
          </>
        ) : null}
      </tbody>
      <tfoot>
        <Line label={t('client.receipt.total')} amount={price} currency={currency} />
      </tfoot>
    </table>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return value ? (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  ) : null;
}

/** The receipt itself: the only thing a printout shows. */
function ReceiptView({ receipt, orderKey }: { receipt: ReceiptData; orderKey: OrderKey }) {
  const { t, i18n } = useTrackingText();
  const settings = useAtomValue(settingsAtom) ?? SETTINGS_DEFAULTS;
  const time = (value: string | null) => (value ? shortDateTime(value).slice(11) : null);
  return (
    <>
      <article className="rc-receipt tx-card" aria-labelledby="rc-title">
        <header className="rc-head">
          <h1 id="rc-title">{t('client.receipt.title')}</h1>
          <p>{t('client.receipt.order', { id: receipt.order_short_id })}</p>
        </header>
        <Seller settings={settings} lang={i18n.language} />
        <section className="rc-section" aria-labelledby="rc-ride">
          <h2 id="rc-ride">{t('client.receipt.ride')}</h2>
          <dl className="rc-facts">
            <Fact label={t('client.receipt.date')} value={receipt.created.slice(0, 10)} />
            <Fact label={t('client.receipt.ordered')} value={time(receipt.created)} />
            <Fact label={t('client.receipt.picked_up')} value={time(receipt.picked_up)} />
            <Fact label={t('client.receipt.ended')} value={time(receipt.ended)} />
            <Fact label={t('client.receipt.from')} value={addressLine(receipt.poi)} />
            <Fact label={t('client.receipt.to')} value={receipt.dst && addressLine(receipt.dst)} />
            <Fact
              label={t('client.receipt.distance')}
              value={
                receipt.distance_m === null
                  ? null
                  : t('client.receipt.km', {
                      km: decimal(Math.round(receipt.distance_m / 100) / 10),
                    })
              }
            />
            {receipt.taxis.map((taxi) => (
              <div key={taxi.call_number}>
                <dt>{t('client.receipt.vehicle')}</dt>
                <dd>
                  {[taxi.brand, taxi.color].filter(Boolean).join(', ')}
                  <br />
                  {t('client.receipt.registration')}: {taxi.vehicle_registration}
                  <br />
                  {t('client.receipt.call_number')}: {taxi.call_number}
                </dd>
              </div>
            ))}
            <Fact
              label={t('client.receipt.payment')}
              value={t(receipt.cash_free ? 'client.receipt.cash_free' : 'client.receipt.cash')}
            />
          </dl>
        </section>
        <section className="rc-section" aria-labelledby="rc-fare">
          <h2 id="rc-fare">{t('client.receipt.fare')}</h2>
          <Fare receipt={receipt} currency={settings.currency} />
        </section>
      </article>
      <AskForTaxi
        shortId={receipt.order_short_id}
        callNumbers={receipt.taxis.map((taxi) => taxi.call_number)}
      />
      <div className="rc-actions">
        <Button onClick={() => window.print()}>{t('client.receipt.print')}</Button>
        <ShareRide orderKey={orderKey} receipt />
        <Link className="tx-button tx-button--text" to={trackLink(orderKey)}>
          {t('client.receipt.to_ride')}
        </Link>
      </div>
    </>
  );
}

/** A ride with no receipt (yet): why, and the way to the ride. */
function NoReceipt({ state, orderKey }: { state: OrderState; orderKey: OrderKey }) {
  const { t } = useTrackingText();
  // Cancelled and no-show rides never get one; the others once they are finished.
  const never = state === 'A' || state === 'M';
  return (
    <section className="tr-missing" aria-labelledby="rc-none">
      <h1 id="rc-none" className="tr-panel__title">
        {t(never ? 'client.receipt.none_title' : 'client.receipt.not_finished_title')}
      </h1>
      <p className="tr-muted">
        {t(never ? 'client.receipt.no_receipt' : 'client.receipt.not_finished')}
      </p>
      <Link className="tx-button tx-button--secondary tr-wide" to={trackLink(orderKey)}>
        {t('client.receipt.to_ride')}
      </Link>
    </section>
  );
}

/** /receipt/{o}/{p}: a finished ride's receipt (public, with the ride link's secret). */
export default function Receipt() {
  const { t } = useTrackingText();
  const orderKey = usePathOrderKey();
  const load = useReceipt(orderKey);
  let content;
  if (load.status === 'loading') content = <Spinner label={t('client.receipt.loading')} />;
  else if (load.status === 'refused' || !orderKey)
    content = (
      <section className="tr-missing" aria-labelledby="rc-missing">
        <OrderNotFound titleId="rc-missing" code={load.status === 'refused' ? load.code : null} />
      </section>
    );
  else if (load.status === 'pending')
    content = <NoReceipt state={load.state} orderKey={orderKey} />;
  else content = <ReceiptView receipt={load.receipt} orderKey={orderKey} />;
  return <div className="tx-page rc-page">{content}</div>;
}
