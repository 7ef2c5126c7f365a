import { useState } from 'react';
import { api, ApiError, Button } from '@taxi/shared';
import { CodeForm } from '../phone';
import { useAccountTexts } from '../common/useAccountTexts';
import { useRequest } from '../common/useRequest';
import { Feedback } from '../common/Feedback';
import { phoneState, type PhoneState } from './useProfileData';
import { reloadPage } from './reloadPage';

interface PhoneVerificationProps {
  /** The number as shown. */
  shownPhone: string;
  onVerified: (phone: PhoneState) => void;
}

/** Proves the current number with a code: unverified until a correct one, then the app reloads. */
export function PhoneVerification({ shownPhone, onVerified }: PhoneVerificationProps) {
  const { t } = useAccountTexts();
  const [entering, setEntering] = useState(false);
  const request = useRequest();

  const sendCode = () => api.get('GET_PHONE_SEND_SECRET');
  const start = async () => {
    if ((await request.run(sendCode)).ok) setEntering(true);
  };

  if (entering) {
    return (
      <div className="ac-subform">
        <h3 className="ac-subtitle">{t('client.profile.verify.title')}</h3>
        <CodeForm
          sentTo={shownPhone}
          onSubmit={async (secret) => {
            const phone = phoneState(await api.get('SET_PHONE_SECRET', { secret }));
            if (!phone.verified) throw new ApiError('FAILED');
            onVerified(phone);
            reloadPage();
          }}
          onResend={sendCode}
          onCancel={() => setEntering(false)}
        />
      </div>
    );
  }
  return (
    <div className="ac-subform">
      <Button variant="secondary" onClick={start} busy={request.busy}>
        {t('client.profile.verify.start')}
      </Button>
      <Feedback tone="error">{request.error}</Feedback>
    </div>
  );
}
