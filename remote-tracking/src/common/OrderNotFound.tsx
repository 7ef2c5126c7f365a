import { addTranslations, ApiError, type ApiErrorCode, Button, errorMessage } from '@taxi/shared';
import { useTrackingText } from './i18n';
import { useBack } from './useBack';
import trackTexts from '../track/texts.json';

addTranslations('tracking', trackTexts);

/** Codes that only say the order cannot be found with this link. */
const NOT_FOUND_CODES: readonly ApiErrorCode[] = [
  'NOT_FOUND',
  'ORDER_ACCESS_DENIED',
  'ACCESS_DENIED',
];

/**
 * 'Order not found' ('client.track.order_not_found') with a Back button: back where the
 * visitor came from, or Home when the link opened the app. Another refusal than not-found
 * says its catalogue message instead of the hint.
 */
export function OrderNotFound({
  titleId,
  code = null,
}: {
  titleId: string;
  code?: ApiErrorCode | null;
}) {
  const { t } = useTrackingText();
  const back = useBack();
  return (
    <>
      <h1 id={titleId} className="tr-panel__title">
        {t('client.track.order_not_found')}
      </h1>
      <p className="tr-muted">
        {code && !NOT_FOUND_CODES.includes(code)
          ? errorMessage(new ApiError(code))
          : t('client.track.not_found_hint')}
      </p>
      <Button variant="secondary" className="tr-wide" onClick={back}>
        {t('common:common.back')}
      </Button>
    </>
  );
}
