import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import {
  addTranslations,
  activeOrdersAtom,
  Button,
  errorMessage,
  refreshActiveOrders,
  Spinner,
  type OpenableOrder,
  shortDateTime,
  trackLink,
  SCREEN_PATHS,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import '../common/tracking.css';
import texts from './texts.json';

addTranslations('tracking', texts);

/** How often the list asks again while it is on screen. */
export const ORDER_LIST_REFRESH_MS = 30_000;

type Place = { street?: string; number?: string; poi_name?: string; city?: string } | null;

function placeOf(order: OpenableOrder): string {
  const poi = (order as OpenableOrder & { poi?: Place }).poi;
  if (!poi) return '';
  const main = poi.poi_name || [poi.street, poi.number].filter(Boolean).join(' ');
  return [main, poi.city].filter(Boolean).join(', ');
}

/** A track card: order type, state, and the scheduled time (T, W) or the creation time. */
function TrackCard({ order }: { order: OpenableOrder }) {
  const { t } = useTrackingText();
  const timed = order.order_type === 'T' || order.order_type === 'W';
  const type = t(`client.types.${order.order_type}`);
  const state = t(`client.states.${order.state}`);
  const time =
    timed && order.date_time
      ? t('client.orders.at', { time: shortDateTime(order.date_time) })
      : t('client.orders.created', { time: shortDateTime(order.created) });
  const place = placeOf(order);
  return (
    <Link
      className="tr-card"
      to={trackLink({ shortId: order.track.order_short_id, secret: order.track.secret })}
    >
      {/* Named by its visible text first (WCAG 2.5.3), then what tapping does. */}
      <span className="tr-card__type">{type}</span>{' '}
      <span className={`tr-card__state tr-card__state--${order.state}`}>{state}</span>{' '}
      <span className="tr-card__time">{time}</span>
      {place ? (
        <>
          {' '}
          <span className="tr-card__place">{place}</span>
        </>
      ) : null}{' '}
      <span className="tx-visually-hidden">{t('client.orders.open')}</span>
      <span className="tr-card__chevron" aria-hidden="true">
        ›
      </span>
    </Link>
  );
}

/** OrderList (orders/): the passenger's active orders; it keeps `activeOrdersAtom` current. */
export default function OrderList() {
  const { t } = useTrackingText();
  const orders = useAtomValue(activeOrdersAtom);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [problem, setProblem] = useState('');

  const load = useCallback(() => {
    refreshActiveOrders().then(
      () => setStatus('ready'),
      (error: unknown) => {
        setProblem(errorMessage(error));
        setStatus('failed');
      },
    );
  }, []);

  useEffect(() => {
    load();
    const timer = setInterval(load, ORDER_LIST_REFRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);

  return (
    <section className="tx-page tr-orders" aria-labelledby="tr-orders-title">
      <h1 id="tr-orders-title">{t('client.orders.title')}</h1>
      <p className="tr-muted tr-orders__subtitle">{t('client.orders.subtitle')}</p>
      {status === 'failed' ? (
        <div className="tr-problem" role="alert">
          <p>
            {t('client.orders.load_failed')} {problem}
          </p>
          <Button variant="secondary" onClick={load}>
            {t('common:common.retry')}
          </Button>
        </div>
      ) : null}
      {status === 'loading' && orders.length === 0 ? (
        <Spinner />
      ) : orders.length > 0 ? (
        <ul className="tr-cards">
          {orders.map((order) => (
            <li key={`${order.track.order_short_id}`}>
              <TrackCard order={order} />
            </li>
          ))}
        </ul>
      ) : status === 'ready' ? (
        <div className="tx-notice">
          <p>{t('client.orders.empty')}</p>
          <Link className="tx-button tx-button--primary" to={SCREEN_PATHS.Home}>
            {t('client.orders.order_taxi')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
