import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import {
  activeOrdersAtom,
  addTranslations,
  newestOrder,
  refreshActiveOrders,
  RideNotifyQuestion,
  SCREEN_PATHS,
} from '@taxi/shared';
import '../common/ordering.css';
import { useOrderingText } from '../common/i18n';
import texts from './texts.json';

addTranslations('ordering', texts);

/** The order was passed on: wait for the driver. */
export default function OrderSuccess() {
  const { t } = useOrderingText();
  const orders = useAtomValue(activeOrdersAtom);
  // The order just placed: the newest active one (the list may predate it).
  useEffect(() => {
    if (orders.length === 0) refreshActiveOrders().catch(() => undefined);
  }, [orders.length]);
  return (
    <div className="tx-page or-page or-success">
      <div className="or-success__mark" aria-hidden="true">
        ✓
      </div>
      <h1>{t('success.title')}</h1>
      <p className="or-success__message">{t('success.message')}</p>
      <RideNotifyQuestion shortId={newestOrder(orders)?.track.order_short_id} />
      <Link className="tx-button tx-button--primary" to={SCREEN_PATHS.Home}>
        {t('success.home')}
      </Link>
    </div>
  );
}
