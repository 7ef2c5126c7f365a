import { api } from '@taxi/shared';
import { PhoneForm, type PhoneValue } from '../phone';
import { useAccountTexts } from '../common/useAccountTexts';
import { useRequest } from '../common/useRequest';

interface PhoneStepProps {
  phone: PhoneValue;
  onPhone: (value: PhoneValue) => void;
  onSent: () => void;
  onCancel: () => void;
}

/** Sends the login code (GET_AUTH_PHONE_SEND_SECRET, with the consent as gdpr). */
export function sendLoginCode(phone: string) {
  return api.get('GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true });
}

/** Step 2: the phone number; Send code sends the SMS and moves on, Cancel starts over. */
export function PhoneStep({ phone, onPhone, onSent, onCancel }: PhoneStepProps) {
  const { t } = useAccountTexts();
  const request = useRequest();
  return (
    <PhoneForm
      label={t('client.phone.label')}
      value={phone}
      submitLabel={t('client.auth.send_code')}
      error={request.error}
      busy={request.busy}
      onChange={(value) => {
        request.setError(null);
        onPhone(value);
      }}
      onSubmit={async (e164) => {
        const outcome = await request.run(() => sendLoginCode(e164));
        if (outcome.ok) onSent();
        return outcome.ok;
      }}
      onCancel={onCancel}
    >
      <h2 className="ac-step-title">{t('client.auth.phone_title')}</h2>
      <p className="ac-lead">{t('client.auth.phone_intro')}</p>
    </PhoneForm>
  );
}
