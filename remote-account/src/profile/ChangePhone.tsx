import { useState } from 'react';
import { api, Button, ConfirmDialog, formatPhone } from '@taxi/shared';
import { CodeForm, emptyPhone, PhoneForm, type PhoneValue } from '../phone';
import { Feedback } from '../common/Feedback';
import { useAccountTexts } from '../common/useAccountTexts';
import { useRequest } from '../common/useRequest';
import { phoneState, type PhoneState } from './useProfileData';

type Stage = 'closed' | 'form' | 'confirm' | 'code';

interface ChangePhoneProps {
  currentPhone: string;
  onChanged: (phone: PhoneState) => void;
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/** Whether two ways of writing a number are the same number (+48 600…, 48600…, 600…). */
export function samePhone(a: string, b: string): boolean {
  return digits(a) === digits(b) || formatPhone(a) === formatPhone(b);
}

/**
 * A new number for the account: it must differ from the current one, is confirmed in a dialog,
 * then proved with the code sent to it (CHANGE_PHONE_SEND_SECRET, CHANGE_PHONE).
 */
export function ChangePhone({ currentPhone, onChanged }: ChangePhoneProps) {
  const { t } = useAccountTexts();
  const [stage, setStage] = useState<Stage>('closed');
  const [phone, setPhone] = useState<PhoneValue>(emptyPhone);
  const [changed, setChanged] = useState(false);
  const request = useRequest();
  const e164 = phone.check.e164 ?? '';
  const shown = phone.check.formatted ?? e164;
  const title = <h3 className="ac-subtitle">{t('client.profile.change_phone.title')}</h3>;

  const open = () => {
    setPhone(emptyPhone());
    setChanged(false);
    request.setError(null);
    setStage('form');
  };

  const sendCode = () => api.get('CHANGE_PHONE_SEND_SECRET', { phone: e164 });
  const confirm = async () => {
    const outcome = await request.run(sendCode);
    setStage(outcome.ok ? 'code' : 'form');
  };

  if (stage === 'closed') {
    return (
      <div className="ac-subform">
        <Button variant="secondary" onClick={open}>
          {t('client.profile.change_phone.start')}
        </Button>
        <Feedback tone="ok">{changed ? t('client.profile.change_phone.done') : null}</Feedback>
      </div>
    );
  }

  if (stage === 'code') {
    return (
      <div className="ac-subform">
        {title}
        <CodeForm
          sentTo={shown}
          onSubmit={async (secret) => {
            onChanged(phoneState(await api.get('CHANGE_PHONE', { phone: e164, secret })));
            setChanged(true);
            setStage('closed');
          }}
          onResend={sendCode}
          onCancel={() => setStage('form')}
        />
      </div>
    );
  }

  return (
    <div className="ac-subform">
      <PhoneForm
        label={t('client.profile.change_phone.label')}
        value={phone}
        submitLabel={t('client.profile.change_phone.send_code')}
        error={request.error}
        onChange={(value) => {
          request.setError(null);
          setPhone(value);
        }}
        onSubmit={(number) => {
          if (samePhone(number, currentPhone)) {
            request.setError(t('client.profile.change_phone.same_phone'));
            return false;
          }
          setStage('confirm');
          return true;
        }}
        onCancel={() => setStage('closed')}
      >
        {title}
      </PhoneForm>
      {stage === 'confirm' ? (
        <ConfirmDialog
          title={t('client.profile.change_phone.title')}
          message={t('client.profile.change_phone_dialog.message', { phone: shown })}
          confirmLabel={t('client.profile.change_phone.send_code')}
          busy={request.busy}
          onConfirm={confirm}
          onCancel={() => setStage('form')}
        />
      ) : null}
    </div>
  );
}
