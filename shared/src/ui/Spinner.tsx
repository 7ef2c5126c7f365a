import { useTranslation } from 'react-i18next';

/** A wait indicator announced to screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="tx-spinner-wrap" role="status" aria-live="polite">
      <span className="tx-spinner" aria-hidden="true" />
      <span className="tx-visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
