import { Suspense, useRef, type FormEvent } from 'react';
import { api, Button, Spinner } from '@taxi/shared';
import { PhoneField, useSupportedCountries, type PhoneValue } from '../phone';
import { useAccountTexts } from '../common/useAccountTexts';
import { useRequest } from '../common/useRequest';

interface PhoneStepProps {
  phone: PhoneValue;
  showErrors: boolean;
  onPhone: (value: PhoneValue) => void;
  onRefused: () => void;
  onSent: () => void;
  onCancel: () => void;
}

/** Sends the login code (GET_AUTH_PHONE_SEND_SECRET, with the consent as gdpr). */
export function sendLoginCode(phone: string) {
  return api.get('GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true });
}

/** Step 2: the phone number; Send code sends the SMS and moves on, Cancel starts over. */
export function PhoneStep({
  phone,
  showErrors,
  onPhone,
  onRefused,
  onSent,
  onCancel,
}: PhoneStepProps) {
  const { t } = useAccountTexts();
  const supported = useSupportedCountries();
  const request = useRequest();
  const input = useRef<HTMLInputElement>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const { e164 } = phone.check;
    if (phone.check.status !== 'valid' || !e164) {
      onRefused();
      input.current?.focus();
      return;
    }
    const outcome = await request.run(() => sendLoginCode(e164));
    if (outcome.ok) onSent();
    else input.current?.focus();
  };

  return (
    <form className="ac-form" onSubmit={send} noValidate aria-busy={request.busy || undefined}>
      <h2 className="ac-step-title">{t('client.auth.phone_title')}</h2>
      <p className="ac-lead">{t('client.auth.phone_intro')}</p>
      <Suspense fallback={<Spinner />}>
        <PhoneField
          label={t('client.phone.label')}
          value={phone}
          supported={supported}
          showErrors={showErrors}
          autoFocus
          inputRef={input}
          onChange={(value) => {
            request.setError(null);
            onPhone(value);
          }}
        />
      </Suspense>
      {request.error ? (
        <p className="ac-feedback ac-feedback--error" role="alert">
          {request.error}
        </p>
      ) : null}
      <div className="ac-actions">
        <Button variant="secondary" onClick={onCancel} disabled={request.busy}>
          {t('common:common.cancel')}
        </Button>
        <Button type="submit" disabled={!phone.input.trim()} busy={request.busy}>
          {t('client.auth.send_code')}
        </Button>
      </div>
    </form>
  );
}
