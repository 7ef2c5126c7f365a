import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  addTranslations,
  api,
  Button,
  errorMessage,
  FAVOURITE_TAXIS_MAX,
  isApiError,
  tokenAtom,
} from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import texts from './texts.json';

addTranslations('tracking', texts);

/** The signed-in passenger's favourite call numbers; null until known (or not signed in). */
function useFavourites(signedIn: boolean) {
  const [kept, setKept] = useState<string[] | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    api.get('GET_FAVOURITE_TAXIS', {}).then(
      (reply) => {
        if (current) setKept(reply.data_list.map((f) => f.call_number));
      },
      // Without the list the button is still offered; the server has the last word.
      () => {
        if (current) setKept([]);
      },
    );
    return () => {
      current = false;
    };
  }, [signedIn]);
  return [kept, setKept] as const;
}

/**
 * "Ask for this taxi next time" on a finished ride's receipt (docs/favourite-taxis.md), for the
 * signed-in passenger: keeps the taxi's call number as a favourite, or forgets it again. The
 * server checks that the ride is theirs and finished, and that the taxi carried them.
 */
export function AskForTaxi({ shortId, callNumbers }: { shortId: string; callNumbers: string[] }) {
  const { t } = useTrackingText();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const [kept, setKept] = useFavourites(signedIn);
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  if (!signedIn || callNumbers.length === 0) return null;

  const change = async (number: string, keep: boolean) => {
    setBusy(number);
    try {
      if (keep) {
        await api.get('SAVE_FAVOURITE_TAXI', { order_short_id: shortId, call_number: number });
        setKept((list) => [number, ...(list ?? []).filter((n) => n !== number)]);
        setSaid(t('client.favourite.asked', { number }));
      } else {
        await api.get('DELETE_FAVOURITE_TAXI', { call_number: number });
        setKept((list) => (list ?? []).filter((n) => n !== number));
        setSaid(t('client.favourite.forgotten', { number }));
      }
    } catch (error) {
      setSaid(
        isApiError(error) && error.code === 'ORDER_ACCESS_DENIED'
          ? t('client.favourite.not_yours')
          : t('client.favourite.failed', { message: errorMessage(error) }),
      );
    } finally {
      setBusy(null);
    }
  };

  const full = (kept?.length ?? 0) >= FAVOURITE_TAXIS_MAX;
  return (
    <div className="rc-favourite">
      {callNumbers.map((number) =>
        kept?.includes(number) ? (
          <Button
            key={number}
            variant="secondary"
            busy={busy === number}
            onClick={() => void change(number, false)}
          >
            {t('client.favourite.forget', { number })}
          </Button>
        ) : full ? null : (
          <Button
            key={number}
            variant="secondary"
            busy={busy === number}
            disabled={kept === null}
            onClick={() => void change(number, true)}
          >
            {callNumbers.length === 1
              ? t('client.favourite.ask')
              : t('client.favourite.ask_named', { number })}
          </Button>
        ),
      )}
      {full && callNumbers.some((n) => !kept?.includes(n)) ? (
        <p className="tr-muted">{t('client.favourite.full', { max: FAVOURITE_TAXIS_MAX })}</p>
      ) : null}
      <p className="tr-muted" role="status">
        {said}
      </p>
    </div>
  );
}
