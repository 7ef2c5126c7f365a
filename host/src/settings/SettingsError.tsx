import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@taxi/shared';

/** Settings could not be loaded: the spec's message; confirming reloads the app. */
export function SettingsError({ onConfirm = () => location.reload() }: { onConfirm?: () => void }) {
  const { t } = useTranslation('shell');
  return <AlertDialog message={t('settings_error')} onClose={onConfirm} />;
}
