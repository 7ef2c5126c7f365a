import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  addTranslations,
  Button,
  Dialog,
  SNACKBAR_MS,
  settingsAtom,
  publicTrackUrl,
  type OrderKey,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import texts from './texts.json';

addTranslations('tracking', texts);

type Outcome = 'idle' | 'copied' | 'manual';

/**
 * 'Share ride': the public tracking link, through the Web Share API where the browser has
 * it, else copied to the clipboard with a confirmation; where neither works, the link is
 * shown to copy by hand. Whoever opens it follows the ride without an account.
 */
export function ShareRide({ orderKey }: { orderKey: OrderKey }) {
  const { t } = useTrackingText();
  const corp = useAtomValue(settingsAtom)?.corp ?? '';
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const url = publicTrackUrl(orderKey, window.location.origin);
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
          title: t('client.share.title'),
          text: t('client.share.text', { corp }),
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
        {t('client.share.button')}
      </Button>
      <p className="tr-snackbar" role="status">
        {outcome === 'copied' ? t('client.share.copied') : ''}
      </p>
      {outcome === 'manual' ? (
        <Dialog
          title={t('client.share.manual_title')}
          onDismiss={() => setOutcome('idle')}
          actions={<Button onClick={() => setOutcome('idle')}>{t('common:common.close')}</Button>}
        >
          <label className="tr-field">
            <span>{t('client.share.manual_message')}</span>
            <input
              ref={field}
              className="tx-input"
              readOnly
              value={url}
              aria-label={t('client.share.link')}
            />
          </label>
        </Dialog>
      ) : null}
    </>
  );
}
