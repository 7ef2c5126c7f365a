import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  addTranslations,
  addressLine,
  AlertDialog,
  Button,
  ConfirmDialog,
  emptyDraft,
  errorMessage,
  hasCoordinates,
  Spinner,
  type AddressPoint,
  type HistoryEntry,
  invoiceLink,
  receiptLink,
  shortDateTime,
  SCREEN_PATHS,
} from '@taxi/shared';
import '../common/ordering.css';
import { forgetRecentAddresses } from '../address-search/recent';
import { deleteHistoryEntry, fetchHistory } from '../common/calls';
import { useOrderingText } from '../common/i18n';
import { useBack } from '../common/useBack';
import { useOrdering } from '../common/useOrdering';
import { kindToOffer, placeLabel } from '../places/label';
import { SavePlaceDialog } from '../places/SavePlaceDialog';
import { usePlaces } from '../places/usePlaces';
import placeTexts from '../places/texts.json';
import texts from './texts.json';

addTranslations('ordering', texts);
addTranslations('ordering', placeTexts);

/** What Save keeps of a past ride: where it went, or else where it started. */
function placeOf(entry: HistoryEntry): AddressPoint | null {
  if (entry.dst && hasCoordinates(entry.dst)) return entry.dst;
  return hasCoordinates(entry.poi) ? entry.poi : null;
}

type Load =
  | { status: 'loading' }
  | { status: 'ok'; entries: HistoryEntry[] }
  | { status: 'error'; message: string };

/** Past orders: date, city, address; order again (fills the draft) or delete (confirmed). */
export default function OrderHistory() {
  const { t } = useOrderingText();
  const navigate = useNavigate();
  const back = useBack();
  const { setDraft } = useOrdering();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [deleting, setDeleting] = useState<HistoryEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const places = usePlaces();
  const [saving, setSaving] = useState<AddressPoint | null>(null);
  const [news, setNews] = useState('');

  const reload = useCallback(() => {
    setLoad((current) => (current.status === 'ok' ? current : { status: 'loading' }));
    return fetchHistory().then(
      (entries) => setLoad({ status: 'ok', entries }),
      (error: unknown) => setLoad({ status: 'error', message: errorMessage(error) }),
    );
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const again = (entry: HistoryEntry) => {
    setDraft({ ...emptyDraft(), poi: entry.poi, dst: entry.dst ?? null });
    navigate(SCREEN_PATHS.Home);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteHistoryEntry(deleting.id);
      forgetRecentAddresses();
      setDeleting(null);
      await reload();
    } catch (error) {
      setDeleting(null);
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tx-page or-page">
      <h1>{t('history.title')}</h1>
      {load.status === 'loading' ? <Spinner /> : null}
      {load.status === 'error' ? (
        <p className="or-error" role="alert">
          {t('history.failed', { message: load.message })}
        </p>
      ) : null}
      {load.status === 'ok' && load.entries.length === 0 ? (
        <p className="tx-notice">{t('history.empty')}</p>
      ) : null}
      {load.status === 'ok' && load.entries.length > 0 ? (
        <ul className="or-history">
          {load.entries.map((entry) => (
            <li key={entry.id} className="or-history__item tx-card">
              <article aria-label={`${shortDateTime(entry.date_time)}, ${addressLine(entry.poi)}`}>
                <dl className="or-history__facts">
                  <div>
                    <dt>{t('history.date')}</dt>
                    <dd>{shortDateTime(entry.date_time)}</dd>
                  </div>
                  <div>
                    <dt>{t('history.city')}</dt>
                    <dd>{entry.poi.city || '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('history.address')}</dt>
                    <dd>
                      {addressLine({ ...entry.poi, city: '' })}
                      {entry.dst ? ` → ${addressLine(entry.dst)}` : ''}
                    </dd>
                  </div>
                </dl>
                <div className="or-row">
                  <Button onClick={() => again(entry)}>{t('history.again')}</Button>
                  <Button variant="text" onClick={() => setDeleting(entry)}>
                    {t('history.delete')}
                  </Button>
                  {entry.state === 'Z' && entry.track.secret ? (
                    <Link
                      className="tx-button tx-button--text"
                      to={receiptLink({
                        shortId: entry.track.order_short_id,
                        secret: entry.track.secret,
                      })}
                      aria-label={`${t('history.receipt')}: ${shortDateTime(entry.date_time)}`}
                    >
                      {t('history.receipt')}
                    </Link>
                  ) : null}
                  {entry.invoice_number ? (
                    <Link
                      className="tx-button tx-button--text"
                      to={invoiceLink(entry.track.order_short_id)}
                      aria-label={`${t('history.invoice')} ${entry.invoice_number}`}
                    >
                      {t('history.invoice')}
                    </Link>
                  ) : null}
                  {placeOf(entry) ? (
                    <Button
                      variant="text"
                      aria-label={`${t('places.saveFromHistory')}: ${addressLine(placeOf(entry))}`}
                      onClick={() => setSaving(placeOf(entry))}
                    >
                      {t('places.saveFromHistory')}
                    </Button>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="or-actions or-actions--page">
        <Button variant="secondary" onClick={back}>
          {t('history.back')}
        </Button>
      </div>
      {deleting ? (
        <ConfirmDialog
          title={t('client.order.delete_order_dialog.title')}
          message={t('client.order.delete_order_dialog.message')}
          confirmLabel={t('history.deleteConfirm')}
          danger
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
      <p className="or-search__status" role="status">
        {news}
      </p>
      {saving ? (
        <SavePlaceDialog
          point={saving}
          kind={kindToOffer(places.places)}
          save={places.save}
          onSaved={(saved) => {
            setSaving(null);
            setNews(t('places.savedAs', { name: placeLabel(saved, t) }));
          }}
          onCancel={() => setSaving(null)}
        />
      ) : null}
      {failure ? <AlertDialog message={failure} onClose={() => setFailure(null)} /> : null}
    </div>
  );
}
