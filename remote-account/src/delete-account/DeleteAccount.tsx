import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import {
  addTranslations,
  AlertDialog,
  Button,
  ConfirmDialog,
  errorMessage,
  settingsAtom,
  SETTINGS_DEFAULTS,
  logOut as endSession,
  SCREEN_PATHS,
} from '@taxi/shared';
import { useAccountTexts } from '../common/useAccountTexts';
import { requestDeletion } from './requestDeletion';
import texts from './texts.json';

addTranslations('account', texts);

type Stage = 'idle' | 'confirm' | 'sending' | 'done' | 'failed';

/**
 * The way to account deletion from the profile (spec section 4): confirm, request, the success
 * message, then logout and Auth; on failure an alert, and the passenger stays logged in.
 */
export function DeleteAccount({ phone }: { phone: string | null }) {
  const { t } = useAccountTexts();
  const navigate = useNavigate();
  const settings = useAtomValue(settingsAtom) ?? SETTINGS_DEFAULTS;
  const [stage, setStage] = useState<Stage>('idle');
  const [reason, setReason] = useState('');
  const titleId = useId();

  const confirm = async () => {
    setStage('sending');
    try {
      await requestDeletion(settings, phone);
      setStage('done');
    } catch (error) {
      setReason(errorMessage(error));
      setStage('failed');
    }
  };

  const logOut = () => {
    endSession();
    navigate(SCREEN_PATHS.Auth, { replace: true });
  };

  return (
    <section className="ac-section ac-danger-zone" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('client.profile.delete_account')}</h2>
      <p>{t('client.profile.delete_account_info')}</p>
      <Button variant="danger" onClick={() => setStage('confirm')}>
        {t('client.profile.delete_account')}
      </Button>
      {stage === 'confirm' || stage === 'sending' ? (
        <ConfirmDialog
          title={t('client.profile.delete_account_dialog.title')}
          message={t('client.profile.delete_account_dialog.message')}
          confirmLabel={t('client.profile.delete_account_dialog.confirm')}
          danger
          busy={stage === 'sending'}
          onConfirm={() => void confirm()}
          onCancel={() => setStage('idle')}
        />
      ) : null}
      {stage === 'done' ? (
        <AlertDialog
          title={t('client.profile.delete_account_dialog.title')}
          message={t('client.profile.delete_account_dialog.success')}
          onClose={logOut}
        />
      ) : null}
      {stage === 'failed' ? (
        <AlertDialog
          title={t('client.profile.delete_account_dialog.title')}
          message={
            <>
              <p className="ac-dialog-text">{t('client.profile.delete_account_dialog.error')}</p>
              <p className="ac-dialog-text ac-muted">{reason}</p>
            </>
          }
          onClose={() => setStage('idle')}
        />
      ) : null}
    </section>
  );
}
