import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  addressLine,
  addTranslations,
  api,
  type ApiErrorCode,
  Button,
  formatPrice,
  type Invoice as InvoiceData,
  type InvoiceParty,
  isApiError,
  SCREEN_PATHS,
  Spinner,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { OrderNotFound } from '../common/OrderNotFound';
import '../common/tracking.css';
import '../receipt/receipt.css';
import texts from './texts.json';

addTranslations('tracking', texts);

type Load =
  | { status: 'loading' }
  | { status: 'refused'; code: ApiErrorCode | null }
  | { status: 'pending' }
  | { status: 'ok'; invoice: InvoiceData };

/** GET_INVOICE for the signed-in owner: the invoice as the server issued it. */
function useInvoice(shortId: string | undefined): Load {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    if (!shortId) {
      setLoad({ status: 'refused', code: null });
      return;
    }
    let current = true;
    setLoad({ status: 'loading' });
    api.get('GET_INVOICE', { order_short_id: shortId }).then(
      (reply) => {
        if (current)
          setLoad(reply.invoice ? { status: 'ok', invoice: reply.invoice } : { status: 'pending' });
      },
      (error: unknown) => {
        if (current) setLoad({ status: 'refused', code: isApiError(error) ? error.code : null });
      },
    );
    return () => {
      current = false;
    };
  }, [shortId]);
  return load;
}

function Party({ id, title, party }: { id: string; title: string; party: InvoiceParty }) {
  return (
    <section className="rc-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="rc-seller__name">{party.name}</p>
      <p>{party.address}</p>
      <p>NIP {party.nip}</p>
    </section>
  );
}

const percent = (rate: number) => `${String(rate).replace('.', ',')} %`;

/** The invoice itself: the only thing a printout shows. */
function InvoiceView({ invoice }: { invoice: InvoiceData }) {
  const { t } = useTrackingText();
  const money = (amount: number) => formatPrice(amount, invoice.currency);
  const route = [addressLine(invoice.poi), invoice.dst ? addressLine(invoice.dst) : '']
    .filter(Boolean)
    .join(' → ');
  return (
    <>
      <article className="rc-receipt tx-card" aria-labelledby="iv-title">
        <header className="rc-head">
          <h1 id="iv-title">{t('client.invoice.title', { number: invoice.number })}</h1>
          <dl className="rc-facts">
            <div>
              <dt>{t('client.invoice.issued')}</dt>
              <dd>{invoice.issued}</dd>
            </div>
            <div>
              <dt>{t('client.invoice.sold')}</dt>
              <dd>{invoice.sold}</dd>
            </div>
          </dl>
        </header>
        <Party id="iv-seller" title={t('client.invoice.seller')} party={invoice.seller} />
        <Party id="iv-buyer" title={t('client.invoice.buyer')} party={invoice.buyer} />
        <section className="rc-section" aria-labelledby="iv-item">
          <h2 id="iv-item">{t('client.invoice.item')}</h2>
          <p>
            {t('client.invoice.ride', { id: invoice.order_short_id })}
            {route ? `: ${route}` : ''}
          </p>
          <table className="rc-fare">
            <caption className="tx-visually-hidden">{t('client.invoice.amounts')}</caption>
            <tbody>
              <tr>
                <th scope="row">{t('client.invoice.net')}</th>
                <td>{money(invoice.net)}</td>
              </tr>
              <tr>
                <th scope="row">{t('client.invoice.vat', { rate: percent(invoice.vat_rate) })}</th>
                <td>{money(invoice.vat)}</td>
              </tr>
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('client.invoice.gross')}</th>
                <td>{money(invoice.gross)}</td>
              </tr>
            </tfoot>
          </table>
          <p>
            {t('client.invoice.payment', {
              method: t(invoice.cash_free ? 'client.invoice.cash_free' : 'client.invoice.cash'),
            })}
          </p>
        </section>
      </article>
      <div className="rc-actions">
        <Button onClick={() => window.print()}>{t('client.invoice.print')}</Button>
        <Link className="tx-button tx-button--text" to={SCREEN_PATHS.OrderHistory}>
          {t('client.invoice.to_history')}
        </Link>
      </div>
    </>
  );
}

/** /invoice/{o}/: the VAT invoice of the passenger's own business ride. */
export default function Invoice() {
  const { t } = useTrackingText();
  const { o } = useParams();
  const load = useInvoice(o);
  let content;
  if (load.status === 'loading') content = <Spinner label={t('client.invoice.loading')} />;
  else if (load.status === 'refused')
    content = (
      <section className="tr-missing" aria-labelledby="iv-missing">
        <OrderNotFound titleId="iv-missing" code={load.code} />
      </section>
    );
  else if (load.status === 'pending')
    content = (
      <section className="tr-missing" aria-labelledby="iv-pending">
        <h1 id="iv-pending" className="tr-panel__title">
          {t('client.invoice.pending_title')}
        </h1>
        <p className="tr-muted">{t('client.invoice.pending')}</p>
      </section>
    );
  else content = <InvoiceView invoice={load.invoice} />;
  return <div className="tx-page rc-page">{content}</div>;
}
