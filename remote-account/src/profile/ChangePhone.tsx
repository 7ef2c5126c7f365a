import { Suspense, useRef, useState, type FormEvent } from 'react';
import { api, Button, ConfirmDialog, formatPhone, Spinner } from '@taxi/shared';
import { CodeForm, emptyPhone, PhoneField, useSupportedCountries, type PhoneValue } from '../phone';
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
  const supported = useSupportedCountries();
  const [stage, setStage] = useState<Stage>('closed');
  const [phone, setPhone] = useState<PhoneValue>(emptyPhone);
  const [showErrors, setShowErrors] = useState(false);
  const [changed, setChanged] = useState(false);
  const request = useRequest();
  const input = useRef<HTMLInputElement>(null);
  const e164 = phone.check.e164 ?? '';
  const shown = phone.check.formatted ?? e164;

  const open = () => {
    setPhone(emptyPhone());
    setShowErrors(false);
    setChanged(false);
    request.setError(null);
    setStage('form');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phone.check.status !== 'valid' || !e164) {
      setShowErrors(true);
      input.current?.focus();
      return;
    }
    if (samePhone(e164, currentPhone)) {
      request.setError(t('client.profile.change_phone.same_phone'));
      input.current?.focus();
      return;
    }
    setStage('confirm');
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
        {changed ? (
          <p className="ac-feedback ac-feedback--ok" role="status">
            {t('client.profile.change_phone.done')}
          </p>
        ) : null}
      </div>
    );
  }

  if (stage === 'code') {
    return (
      <div className="ac-subform">
        <h3 className="ac-subtitle">{t('client.profile.change_phone.title')}</h3>
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
      <h3 className="ac-subtitle">{t('client.profile.change_phone.title')}</h3>
      <form className="ac-form" onSubmit={submit} noValidate>
        <Suspense fallback={<Spinner />}>
          <PhoneField
            label={t('client.profile.change_phone.label')}
            value={phone}
            supported={supported}
            showErrors={showErrors}
            autoFocus
            inputRef={input}
            onChange={(value) => {
              request.setError(null);
              setShowErrors(false);
              setPhone(value);
            }}
          />
        </Suspense>
        {request.error ? (
          <p className="ac-feedback ac-feedback--error" role="alert">
            {request.error}
          </p>
        ) : null}
        <div className="ac-actions">
          <Button variant="secondary" onClick={() => setStage('closed')}>
            {t('common:common.cancel')}
          </Button>
          <Button type="submit" disabled={!phone.input.trim()}>
            {t('client.profile.change_phone.send_code')}
          </Button>
        </div>
      </form>
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
