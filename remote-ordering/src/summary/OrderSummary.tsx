import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import {
  addTranslations,
  addressLine,
  AlertDialog,
  Button,
  clearDraftAtom,
  errorMessage,
  formatPhone,
  isApiError,
  isPickupValid,
  isTimedType,
  newCallUniqueId,
  refreshActiveOrders,
  showsMaintenance,
  subscriptionDays,
  WEEKDAYS,
  withAllowedPerks,
  shortDateTime,
  SCREEN_PATHS,
  trackLink,
} from '@taxi/shared';
import '../common/ordering.css';
import { forgetRecentAddresses } from '../address-search/recent';
import { saveOrder } from '../common/calls';
import { useOrderingText } from '../common/i18n';
import { useBack } from '../common/useBack';
import { useOrdering } from '../common/useOrdering';
import texts from './texts.json';
import addressTexts from '../common/texts.json';
import optionsTexts from '../order-expanded/texts.json';
import favouriteTexts from '../favourite/texts.json';
import invoiceTexts from '../invoice/texts.json';
import quoteTexts from '../quote/texts.json';

addTranslations('ordering', texts);
addTranslations('ordering', addressTexts);
addTranslations('ordering', optionsTexts);
addTranslations('ordering', quoteTexts);
addTranslations('ordering', favouriteTexts);
addTranslations('ordering', invoiceTexts);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="or-summary__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Read-only review of the draft, then ORDER_SAVE. One order attempt has one call_uniqueid,
 * so a double tap or a retry after a lost reply never orders a second taxi. A scheduled
 * order (or a subscription) is confirmed and goes Home; an immediate one goes to Track.
 */
export default function OrderSummary() {
  const { t } = useOrderingText();
  const navigate = useNavigate();
  const back = useBack();
  const { draft, setDraft, settings, client, features } = useOrdering();
  const clearDraft = useSetAtom(clearDraftAtom);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [timedDone, setTimedDone] = useState(false);
  const sending = useRef(false);
  // Placed and on its way to Track: the cleared draft is no missing address to alert about.
  const [placed, setPlaced] = useState(false);

  // What ORDER_SAVE carries, and so what the summary shows: a perk the client data no longer
  // allows is neither sent nor reviewed.
  const sent = withAllowedPerks(draft, settings, client);

  if (placed) return null;
  if (!isPickupValid(draft.poi)) {
    return (
      <div className="tx-page or-page">
        <h1>{t('summary.title')}</h1>
        <div className="tx-card tx-notice" role="alert">
          <p>{t('address.missing')}</p>
          <Button onClick={() => navigate(SCREEN_PATHS.Home)}>{t('summary.goHome')}</Button>
        </div>
      </div>
    );
  }

  const order = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const attempt = draft.call_uniqueid ?? newCallUniqueId();
    if (attempt !== draft.call_uniqueid)
      setDraft((current) => ({ ...current, call_uniqueid: attempt }));
    try {
      const track = await saveOrder({ ...sent, call_uniqueid: attempt }, settings);
      forgetRecentAddresses();
      void refreshActiveOrders().catch(() => undefined);
      if (isTimedType(draft.order_type)) {
        setTimedDone(true);
        return;
      }
      setPlaced(true);
      clearDraft();
      navigate(
        settings.track
          ? trackLink({ shortId: track.order_short_id, secret: track.secret })
          : SCREEN_PATHS.OrderSuccess,
      );
    } catch (error) {
      if (await showsMaintenance(error)) return;
      setFailure(
        isApiError(error) && error.code === 'IN_PROGRESS'
          ? t('quote.inProgress')
          : t('summary.failed', { message: errorMessage(error) }),
      );
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const chosen = features.features.filter((f) => sent.taxi_features_list.includes(f.id));
  const days = subscriptionDays(sent);
  const pad = (n: number | null) => String(n ?? 0).padStart(2, '0');
  return (
    <div className="tx-page or-page">
      <h1>{t('summary.title')}</h1>
      <dl className="or-summary tx-card">
        <Row term={t('summary.pickup')}>{addressLine(sent.poi)}</Row>
        {sent.dst ? <Row term={t('summary.destination')}>{addressLine(sent.dst)}</Row> : null}
        {sent.order_type === 'T' && sent.date_time ? (
          <Row term={t('summary.time')}>{shortDateTime(sent.date_time)}</Row>
        ) : null}
        {sent.order_type === 'R' ? (
          <Row term={t('summary.subscription')}>
            {`${sent.repeated_start} – ${sent.repeated_stop}, ${pad(sent.repeated_time_hour)}:${pad(
              sent.repeated_time_minute,
            )}, ${WEEKDAYS.filter((_, i) => days[i])
              .map((day) => t(`weekdays.${day}`))
              .join(' ')}`}
          </Row>
        ) : null}
        {sent.phone ? (
          <Row term={t('summary.rider')}>
            {[sent.rider_name, formatPhone(sent.phone)].filter(Boolean).join(', ')}
          </Row>
        ) : null}
        {sent.info ? <Row term={t('summary.note')}>{sent.info}</Row> : null}
        {sent.passwd ? <Row term={t('summary.password')}>{sent.passwd}</Row> : null}
        {sent.taxi_count > 1 ? <Row term={t('summary.taxiCount')}>{sent.taxi_count}</Row> : null}
        {sent.selected_taxies.length ? (
          <Row term={t('favourite.summary')}>{sent.selected_taxies.join(', ')}</Row>
        ) : null}
        {sent.invoice ? <Row term={t('invoice.summary')}>{t('summary.yes')}</Row> : null}
        {sent.discount ? <Row term={t('summary.discount')}>{t('summary.yes')}</Row> : null}
        {sent.cash_free ? <Row term={t('summary.cashFree')}>{t('summary.yes')}</Row> : null}
        {chosen.length ? (
          <Row term={t('summary.features')}>{chosen.map((f) => f.name).join(', ')}</Row>
        ) : null}
      </dl>
      <div className="or-actions or-actions--page">
        <Button variant="secondary" onClick={back} disabled={busy}>
          {t('summary.back')}
        </Button>
        <Button className="or-actions__main" busy={busy} onClick={() => void order()}>
          {busy ? t('summary.ordering') : t('summary.order')}
        </Button>
      </div>
      {failure ? <AlertDialog message={failure} onClose={() => setFailure(null)} /> : null}
      {timedDone ? (
        <AlertDialog
          message={t('client.order.timely_order_dialog.message')}
          onClose={() => {
            clearDraft();
            navigate(SCREEN_PATHS.Home);
          }}
        />
      ) : null}
    </div>
  );
}
