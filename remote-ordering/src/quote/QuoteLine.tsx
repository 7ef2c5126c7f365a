import { addTranslations, formatPrice, type Quote } from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import type { QuoteState } from './useQuote';
import texts from './texts.json';

addTranslations('ordering', texts);

/** ETA in minutes; above the limit, '> limit' (spec section 9). */
export function EtaText({ quote }: { quote: Quote }) {
  const { t } = useOrderingText();
  if (quote.eta_min === null) return <>{t('quote.noTaxi')}</>;
  const limit = quote.accept_missing_taxi_eta_gt;
  return (
    <>
      {quote.eta_min > limit
        ? t('quote.etaOver', { count: limit })
        : t('quote.etaMinutes', { count: quote.eta_min })}
    </>
  );
}

/** Price and ETA of the draft, or why there is none. Announced politely when it changes. */
export function QuoteLine({ state }: { state: QuoteState }) {
  const { t } = useOrderingText();
  const { settings } = useOrdering();
  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <p className="or-quote or-quote--error" role="alert">
        {state.code === 'WRONG_DATE_TIME' ? state.message : t('quote.error')}
      </p>
    );
  }
  const quote = state.status === 'ok' ? state.quote : state.previous;
  return (
    <div className="or-quote" aria-live="polite" aria-busy={state.status === 'loading'}>
      {quote ? (
        <dl className="or-quote__figures">
          {settings.show_dst_price ? (
            <div>
              <dt>{t('quote.price')}</dt>
              <dd>
                {quote.dst_price === null
                  ? t('quote.noPrice')
                  : formatPrice(quote.dst_price, settings.currency)}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('quote.eta')}</dt>
            <dd>
              <EtaText quote={quote} />
            </dd>
          </div>
        </dl>
      ) : (
        <p className="or-quote__wait">{t('quote.calculating')}</p>
      )}
    </div>
  );
}
