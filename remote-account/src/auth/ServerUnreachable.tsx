import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, checkStoredToken, loadClient, SCREEN_PATHS } from '@taxi/shared';
import { useAccountTexts } from '../common/useAccountTexts';

/**
 * A kept token whose check could not reach the server (spec section 8, "Login failure at
 * startup: go to Auth"): Try again runs the check again and goes Home when the token is
 * good; Log in again forgets it and starts the login steps, as does a rejected token.
 */
export function ServerUnreachable({ onLogIn }: { onLogIn: () => void }) {
  const { t } = useAccountTexts();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillUnreachable, setStillUnreachable] = useState(false);

  const tryAgain = async () => {
    setChecking(true);
    const check = await checkStoredToken();
    if (check === 'valid') {
      await loadClient();
      navigate(SCREEN_PATHS.Home, { replace: true });
      return;
    }
    setChecking(false);
    if (check === 'unreachable') setStillUnreachable(true);
    else onLogIn();
  };

  return (
    <section className="tx-page ac-page ac-auth" aria-labelledby="ac-unreachable-title">
      <h1 id="ac-unreachable-title">{t('client.auth.unreachable_title')}</h1>
      <div className="tx-card ac-card">
        <p className="ac-lead">{t('client.auth.unreachable_message')}</p>
        <p role="status">{stillUnreachable ? t('client.auth.still_unreachable') : null}</p>
        <div className="ac-actions">
          <Button variant="secondary" disabled={checking} onClick={onLogIn}>
            {t('client.auth.log_in_again')}
          </Button>
          <Button busy={checking} onClick={() => void tryAgain()}>
            {t('client.auth.try_again')}
          </Button>
        </div>
      </div>
    </section>
  );
}
