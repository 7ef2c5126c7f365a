import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import {
  addTranslations,
  AlertDialog,
  Button,
  SETTINGS_DEFAULTS,
  settingsAtom,
  Spinner,
  type OrderKey,
  SCREEN_PATHS,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { OrderNotFound } from '../common/OrderNotFound';
import { useBack } from '../common/useBack';
import { setRate } from './calls';
import { StarRating } from './StarRating';
import { useRateLookup } from './useRateLookup';
import '../common/tracking.css';
import texts from './texts.json';

addTranslations('tracking', texts);

function ThankYou() {
  const { t } = useTrackingText();
  const titleId = useId();
  return (
    <section className="tx-card tr-thanks" aria-labelledby={titleId}>
      <span className="tr-thanks__icon" aria-hidden="true">
        ★
      </span>
      <h1 id={titleId}>{t('client.rate.thanks_title')}</h1>
      <p>{t('client.rate.thanks_message')}</p>
      <Link className="tx-button tx-button--primary tr-wide" to={SCREEN_PATHS.Home}>
        {t('client.rate.back_to_order')}
      </Link>
    </section>
  );
}

function NotFound() {
  return (
    <section className="tr-missing" aria-labelledby="tr-rate-missing">
      <OrderNotFound titleId="tr-rate-missing" />
    </section>
  );
}

/** The corporation has rating off (`rate`): the server would refuse, so nothing is asked. */
function NotOffered() {
  const { t } = useTrackingText();
  const back = useBack();
  return (
    <section className="tr-missing" aria-labelledby="tr-rate-off">
      <h1 id="tr-rate-off" className="tr-panel__title">
        {t('client.rate.not_offered')}
      </h1>
      <Button variant="secondary" className="tr-wide" onClick={back}>
        {t('common:common.back')}
      </Button>
    </section>
  );
}

/**
 * Rate: 'not offered' when the corporation has rating off; else a wait indicator, then the thank-you card if the ride is rated, else the question,
 * the stars, an optional comment and Rate (enabled once a value is chosen, not while sending).
 */
export function RateScreen({ orderKey }: { orderKey: OrderKey | null }) {
  const { t } = useTrackingText();
  const offered = (useAtomValue(settingsAtom) ?? SETTINGS_DEFAULTS).rate;
  const lookup = useRateLookup(offered ? orderKey : null);
  const commentId = useId();
  const [value, setValue] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);

  let content;
  if (!offered) content = <NotOffered />;
  else if (!orderKey || lookup.status === 'missing') content = <NotFound />;
  else if (lookup.status === 'waiting') content = <Spinner />;
  else if (lookup.status === 'rated' || sent) content = <ThankYou />;
  else {
    const submit = async (event: React.FormEvent) => {
      event.preventDefault();
      if (value === null || sending) return;
      setSending(true);
      try {
        await setRate(orderKey, value, comment);
        setSent(true);
      } catch {
        setFailed(true);
      } finally {
        setSending(false);
      }
    };
    content = (
      <form
        className="tr-rate"
        onSubmit={(event) => void submit(event)}
        aria-labelledby="tr-rate-title"
      >
        <h1 id="tr-rate-title">{t('client.rate.question')}</h1>
        <StarRating
          legend={t('client.rate.question')}
          labels={t('client.rate.labels', { returnObjects: true }) as string[]}
          value={value}
          onChange={setValue}
          disabled={sending}
        />
        <label className="tr-field" htmlFor={commentId}>
          <span>{t('client.rate.comment')}</span>
        </label>
        <textarea
          id={commentId}
          className="tx-input"
          rows={4}
          maxLength={1000}
          placeholder={t('client.rate.comment_placeholder')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          disabled={sending}
        />
        <Button type="submit" className="tr-wide" disabled={value === null} busy={sending}>
          {t('client.rate.submit')}
        </Button>
        {failed ? (
          <AlertDialog message={t('client.rate.error')} onClose={() => setFailed(false)} />
        ) : null}
      </form>
    );
  }
  return <div className="tx-page tr-rate-page">{content}</div>;
}
