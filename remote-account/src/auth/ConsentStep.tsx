import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, settingsAtom, SCREEN_PATHS } from '@taxi/shared';
import { Feedback } from '../common/Feedback';
import { useAccountTexts } from '../common/useAccountTexts';

interface ConsentStepProps {
  consent: boolean;
  onConsent: (value: boolean) => void;
  onNext: () => void;
  autoFocus: boolean;
}

/**
 * Step 1: the regulations and the privacy policy (links open them), accepted to go on. Next
 * stays focusable while it cannot go on (aria-disabled, not disabled): tried without consent, it
 * says why with the spec's 'accept statement' message, announced and describing Next and the
 * checkbox.
 */
export function ConsentStep({ consent, onConsent, onNext, autoFocus }: ConsentStepProps) {
  const { t } = useAccountTexts();
  const corpLegal = useAtomValue(settingsAtom)?.corp_legal ?? false;
  const checkboxId = useId();
  const messageId = useId();
  const [tried, setTried] = useState(false);
  const refused = tried && !consent;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (consent) onNext();
    else setTried(true);
  };
  return (
    <form className="ac-form" onSubmit={submit} noValidate>
      <h2 className="ac-step-title">{t('client.auth.consent_title')}</h2>
      <p className="ac-lead">{t('client.auth.consent_intro')}</p>
      <ul className="ac-links">
        <li>
          <Link to={SCREEN_PATHS.Regulations}>{t('client.auth.regulations')}</Link>
        </li>
        <li>
          {/* A legal-entity corporation has only the taxi privacy policy. */}
          <Link to={corpLegal ? SCREEN_PATHS.PrivacyTaxi : SCREEN_PATHS.PrivacyPolicy}>
            {t('client.auth.privacy_policy')}
          </Link>
        </li>
      </ul>
      <div className="ac-check">
        <input
          id={checkboxId}
          type="checkbox"
          checked={consent}
          autoFocus={autoFocus}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? messageId : undefined}
          onChange={(event) => onConsent(event.target.checked)}
        />
        <label htmlFor={checkboxId}>{t('client.auth.consent')}</label>
      </div>
      <Feedback tone="error" id={messageId}>
        {refused ? t('common:validation.accept_statement') : null}
      </Feedback>
      <div className="ac-actions">
        <Button
          type="submit"
          aria-disabled={!consent || undefined}
          aria-describedby={refused ? messageId : undefined}
        >
          {t('client.auth.next')}
        </Button>
      </div>
    </form>
  );
}
