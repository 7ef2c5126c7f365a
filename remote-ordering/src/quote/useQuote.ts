import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  type ApiErrorCode,
  emptyDraft,
  errorMessage,
  isApiError,
  needsQuote,
  withoutScheduledTime,
  type OrderDraft,
  type Quote,
  UNKNOWN_ERROR,
  SCREEN_PATHS,
  showsMaintenance,
} from '@taxi/shared';
import { simulateOrder } from '../common/calls';
import { useOrdering } from '../common/useOrdering';

/** Wait this long after the last change of an option before asking for a new price. */
export const QUOTE_DELAY_MS = 300;

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading'; previous: Quote | null }
  | { status: 'ok'; quote: Quote }
  | { status: 'error'; message: string; code: ApiErrorCode };

/** What changes the price: not the note, not the password. */
function priceKey(draft: OrderDraft): string {
  const { info: _info, passwd: _passwd, call_uniqueid: _id, eta_min: _eta, ...rest } = draft;
  return JSON.stringify(rest);
}

/**
 * ORDER_SIM for the draft, again whenever an option that changes the price changes
 * (spec sections 7 and 8): WRONG_DATE_TIME shows a time error, IN_PROGRESS clears the order
 * and goes Home to the active orders, any other error 'Error calculating price.'; a scheduled
 * order whose refresh fails (an error or no answer) becomes an order for now (section 4). A
 * quote without a price (a destination typed by hand, a corporation without a tariff) is an
 * answer, not a failure: the time stays and the price reads as not estimable. A refusal because
 * the corporation went into maintenance shows the apology page instead.
 */
export function useQuote() {
  const { draft, setDraft, settings } = useOrdering();
  const navigate = useNavigate();
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const [timeCleared, setTimeCleared] = useState(false);
  const latest = useRef<Quote | null>(null);
  const wanted = needsQuote(draft);
  const key = useMemo(() => priceKey(draft), [draft]);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  useEffect(() => {
    if (!wanted) {
      latest.current = null;
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState({ status: 'loading', previous: latest.current });
    const timer = setTimeout(() => {
      const asked = draftRef.current;
      const timed = asked.order_type === 'T';
      simulateOrder(asked, settings).then(
        (quote) => {
          if (!current) return;
          latest.current = quote;
          setState({ status: 'ok', quote });
        },
        async (error: unknown) => {
          if (!current) return;
          if ((await showsMaintenance(error)) || !current) return;
          const code = isApiError(error) ? error.code : UNKNOWN_ERROR;
          if (code === 'IN_PROGRESS') {
            setDraft(emptyDraft());
            navigate(SCREEN_PATHS.Home, { state: { inProgress: true } });
            return;
          }
          latest.current = null;
          setState({
            status: 'error',
            code,
            message: code === 'WRONG_DATE_TIME' ? errorMessage(error) : '',
          });
          if (timed) {
            setTimeCleared(true);
            setDraft((draft) => withoutScheduledTime(draft));
          }
        },
      );
    }, QUOTE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The key stands for every field that changes the price.
  }, [wanted, key, settings.taxi_group_id]);

  return { state, timeCleared, dismissTimeCleared: () => setTimeCleared(false) };
}
