import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  addTranslations,
  Button,
  Dialog,
  SNACKBAR_MS,
  settingsAtom,
  receiptLink,
  trackLink,
  type OrderKey,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import texts from './texts.json';

addTranslations('tracking', texts);

type Outcome = 'idle' | 'copied' | 'manual';

/**
 * 'Share ride': the public tracking link, through the Web Share API where the browser has
 * it, else copied to the clipboard with a confirmation; where neither works, the link is
 * shown to copy by hand. Whoever opens it follows the ride without an account. With
 * `receipt` the same for the ride's receipt (its texts come with the receipt's).
 */
export function ShareRide({
  orderKey,
  receipt = false,
}: {
  orderKey: OrderKey;
  receipt?: boolean;
}) {
  const { t } = useTrackingText();
  const keys = receipt ? 'client.receipt.share' : 'client.share';
  const corp = useAtomValue(settingsAtom)?.corp ?? '';
  const [outcome, setOutcome] = useState<Outcome>('idle');
  // The link as someone else opens it: absolute, on the app's origin.
  const url = window.location.origin + (receipt ? receiptLink : trackLink)(orderKey);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome('idle'), SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  useEffect(() => {
    if (outcome === 'manual') field.current?.select();
  }, [outcome]);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: t(`${keys}.title`),
          text: t(`${keys}.text`, { corp }),
          url,
        });
        return;
      } catch (error) {
        // The passenger closed the share sheet: nothing more to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('manual');
    }
  };

  return (
    <>
      <Button variant="secondary" className="tr-share" onClick={() => void share()}>
        {/* U+FE0E: the text style, not a colour emoji some phones draw ⤴ as. */}
        <span aria-hidden="true" className="tr-share__icon">
          {'⤴\uFE0E'}
        </span>
        {t(`${keys}.button`)}
      </Button>
      <p className="tr-snackbar" role="status">
        {outcome === 'copied' ? t(`${keys}.copied`) : ''}
      </p>
      {outcome === 'manual' ? (
        <Dialog
          title={t(`${keys}.manual_title`)}
          onDismiss={() => setOutcome('idle')}
          actions={<Button onClick={() => setOutcome('idle')}>{t('common:common.close')}</Button>}
        >
          <label className="tr-field">
            <span>{t(`${keys}.manual_message`)}</span>
            <input
              ref={field}
              className="tx-input"
              readOnly
              value={url}
              aria-label={t(`${keys}.link`)}
            />
          </label>
        </Dialog>
      ) : null}
    </>
  );
}
