import { useState } from 'react';
import { addTranslations, Button, ConfirmDialog, errorMessage } from '@taxi/shared';
import { useTrackingText } from '../common/i18n';
import texts from './texts.json';

addTranslations('tracking', texts);

/** 'Cancel order', confirmed with 'client.order.cancel_order_dialog.message', then ORDER_CANCEL. */
export function CancelOrder({ onCancel }: { onCancel: () => Promise<void> }) {
  const { t } = useTrackingText();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setSending(true);
    setProblem(null);
    try {
      await onCancel();
      setAsking(false);
    } catch (error) {
      setAsking(false);
      setProblem(t('client.track.cancel_failed', { reason: errorMessage(error) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button variant="text" className="tr-cancel" onClick={() => setAsking(true)}>
        {t('client.track.cancel')}
      </Button>
      {problem ? (
        <p className="tr-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('client.order.cancel_order_dialog.title')}
          message={t('client.order.cancel_order_dialog.message')}
          confirmLabel={t('client.order.cancel_order_dialog.confirm')}
          cancelLabel={t('client.order.cancel_order_dialog.keep')}
          danger
          busy={sending}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
