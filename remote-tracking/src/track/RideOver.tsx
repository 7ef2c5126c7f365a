import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import {
  addTranslations,
  AlertDialog,
  Button,
  clearDraftAtom,
  isPickupValid,
  orderDraftAtom,
  type OrderKey,
  receiptLink,
  SCREEN_PATHS,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import { setRate } from '../rate/calls';
import { StarRating } from '../rate/StarRating';
import texts from './texts.json';
import rateTexts from '../rate/texts.json';
import receiptTexts from '../receipt/texts.json';

addTranslations('tracking', texts);
addTranslations('tracking', rateTexts);
addTranslations('tracking', receiptTexts);

/**
 * The end of a ride on Track (A, M, Z): the stars unless already rated (then a thank-you),
 * and Finish, which reads OK once a rating is there. Finish sends the chosen rating, clears
 * the current draft if its pickup is valid and goes Home; a failed rating says so and stays.
 * A finished ride also links its receipt.
 */
export function RideOver({
  orderKey,
  rated,
  ratingOn,
  receipt,
}: {
  orderKey: OrderKey;
  rated: boolean;
  ratingOn: boolean;
  receipt: boolean;
}) {
  const { t } = useTrackingText();
  const navigate = useNavigate();
  const draft = useAtomValue(orderDraftAtom);
  const clearDraft = useSetAtom(clearDraftAtom);
  const [value, setValue] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  const finish = async () => {
    if (value !== null && !rated && ratingOn) {
      setSending(true);
      try {
        await setRate(orderKey, value);
      } catch {
        setSending(false);
        setFailed(true);
        return;
      }
    }
    if (isPickupValid(draft.poi)) clearDraft();
    navigate(SCREEN_PATHS.Home);
  };

  return (
    <div className="tr-over">
      {rated ? (
        <p className="tr-over__thanks" role="status">
          {t('client.track.thanks')}
        </p>
      ) : ratingOn ? (
        <StarRating
          legend={t('client.rate.question')}
          showLegend
          labels={t('client.rate.labels', { returnObjects: true }) as string[]}
          value={value}
          onChange={setValue}
          disabled={sending}
        />
      ) : null}
      {receipt ? (
        <Link className="tx-button tx-button--secondary tr-wide" to={receiptLink(orderKey)}>
          {t('client.receipt.open')}
        </Link>
      ) : null}
      <Button className="tr-wide" onClick={() => void finish()} busy={sending}>
        {rated || value !== null ? t('client.track.ok') : t('client.track.finish')}
      </Button>
      {failed ? (
        <AlertDialog message={t('client.rate.error')} onClose={() => setFailed(false)} />
      ) : null}
    </div>
  );
}
