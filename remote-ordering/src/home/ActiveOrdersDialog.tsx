import { Link } from 'react-router-dom';
import { atom } from 'jotai';
import {
  addTranslations,
  Button,
  Dialog,
  type OpenableOrder,
  shortDateTime,
  SCREEN_PATHS,
  trackLink,
} from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import texts from './texts.json';

addTranslations('ordering', texts);

/**
 * Short ids of the active orders the passenger dismissed the dialog over, in this page's
 * life: it opens again only when an order appears that is not among them.
 */
export const dismissedOrdersAtom = atom<string[]>([]);

/** Whether `orders` holds one the passenger has not dismissed the dialog over. */
export function hasUndismissed(orders: OpenableOrder[], dismissed: string[]): boolean {
  return orders.some((order) => !dismissed.includes(order.track.order_short_id));
}

/** The nearest active order first: scheduled ones by their time, others by creation. */
export function nearestFirst(orders: OpenableOrder[]): OpenableOrder[] {
  const when = (order: OpenableOrder) => order.date_time || order.created || '';
  return [...orders].sort((a, b) => when(a).localeCompare(when(b)));
}

/** On Home when active orders exist: the nearest one, 'see all (n)' and 'order another'. */
export function ActiveOrdersDialog({
  orders,
  lead,
  onClose,
}: {
  orders: OpenableOrder[];
  lead?: string;
  onClose: () => void;
}) {
  const { t } = useOrderingText();
  const nearest = nearestFirst(orders)[0];
  if (!nearest) return null;
  const timed = nearest.order_type === 'T' || nearest.order_type === 'W';
  return (
    <Dialog
      title={t('active.title')}
      onDismiss={onClose}
      actions={
        <>
          <Link className="tx-button tx-button--secondary" to={SCREEN_PATHS.OrderList}>
            {t('active.seeAll', { count: orders.length })}
          </Link>
          <Button onClick={onClose}>{t('active.another')}</Button>
        </>
      }
    >
      {lead ? <p className="or-lead">{lead}</p> : null}
      <p className="or-muted">{t('active.nearest')}</p>
      <Link
        className="or-track-card"
        to={trackLink({ shortId: nearest.track.order_short_id, secret: nearest.track.secret })}
      >
        {/* Named by its visible text first (WCAG 2.5.3), then what tapping does. */}
        <span className="or-track-card__type">{t(`types.${nearest.order_type}`)}</span>{' '}
        <span className="or-track-card__state">{t(`states.${nearest.state}`)}</span>{' '}
        <span className="or-track-card__time">
          {timed && nearest.date_time
            ? t('active.at', { time: shortDateTime(nearest.date_time) })
            : t('active.created', { time: shortDateTime(nearest.created) })}
        </span>{' '}
        <span className="tx-visually-hidden">{t('active.open')}</span>
      </Link>
    </Dialog>
  );
}
