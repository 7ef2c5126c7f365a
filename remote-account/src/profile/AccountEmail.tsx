import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { type ClientEmail, EMAIL_MAX, isEmailAddress } from '@taxi/contract/email';
import { api, Button } from '@taxi/shared';
import { Feedback } from '../common/Feedback';
import { useAccountTexts } from '../common/useAccountTexts';
import { useRequest } from '../common/useRequest';

type Load = { status: 'loading' | 'off' } | { status: 'on'; email: ClientEmail | null };

/**
 * The address receipts are mailed to (docs/receipts-by-email.md): set, confirmed by the link
 * mailed to it, the link sent again, changed or removed. Nothing shows when the server sends
 * no e-mail (GET_EMAIL `available` false) or cannot say.
 */
export function AccountEmail() {
  const { t } = useAccountTexts();
  const titleId = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const request = useRequest();

  useEffect(() => {
    let current = true;
    api.get('GET_EMAIL').then(
      (reply) => {
        if (current)
          setLoad(reply.available ? { status: 'on', email: reply.email } : { status: 'off' });
      },
      () => {
        if (current) setLoad({ status: 'off' });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  if (load.status !== 'on') return null;
  const { email } = load;
  const shown = (next: ClientEmail | null, said: string | null) => {
    setLoad({ status: 'on', email: next });
    setNotice(said);
    setEditing(false);
  };

  const resend = async () => {
    const outcome = await request.run(() => api.get('RESEND_EMAIL_CONFIRMATION'));
    if (outcome.ok) shown(outcome.value.email, t('client.profile.email.resent'));
  };
  const remove = async () => {
    const outcome = await request.run(() => api.get('DELETE_EMAIL'));
    if (outcome.ok) shown(null, t('client.profile.email.removed'));
  };

  return (
    <section className="ac-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('client.profile.email.title')}</h2>
      {email && !editing ? (
        <>
          <p className="ac-phone-number">
            <span>{email.address}</span>
            <span className={`ac-badge ac-badge--${email.confirmed ? 'ok' : 'warn'}`}>
              {t(
                email.confirmed
                  ? 'client.profile.email.confirmed'
                  : 'client.profile.email.unconfirmed',
              )}
            </span>
          </p>
          <p>
            {t(
              email.confirmed
                ? 'client.profile.email.receipts_on'
                : 'client.profile.email.check_inbox',
            )}
          </p>
          <Feedback tone="error">{request.error}</Feedback>
          <div className="ac-actions">
            {email.confirmed ? null : (
              <Button variant="secondary" onClick={() => void resend()} busy={request.busy}>
                {t('client.profile.email.resend')}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                request.setError(null);
                setNotice(null);
                setEditing(true);
              }}
              disabled={request.busy}
            >
              {t('client.profile.email.change')}
            </Button>
            <Button variant="secondary" onClick={() => void remove()} disabled={request.busy}>
              {t('client.profile.email.remove')}
            </Button>
          </div>
        </>
      ) : (
        <EmailForm
          initial={email?.address ?? ''}
          onSaved={(saved) => shown(saved, t('client.profile.email.sent'))}
          onCancel={email ? () => setEditing(false) : undefined}
        />
      )}
      <Feedback tone="ok">{notice}</Feedback>
    </section>
  );
}

/** The address field: checked as the spec's general rule says ("email invalid") before it is sent. */
function EmailForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: string;
  onSaved: (email: ClientEmail) => void;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useAccountTexts();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const request = useRequest();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.busy) return;
    const address = value.trim();
    if (!isEmailAddress(address)) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    const outcome = await request.run(() => api.get('SET_EMAIL', { email: address }));
    if (outcome.ok) onSaved(outcome.value.email);
    else input.current?.focus();
  };

  const error = invalid ? t('client.profile.email.invalid') : request.error;
  return (
    <form
      className="ac-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={request.busy || undefined}
    >
      <p>{t('client.profile.email.why')}</p>
      <div className="ac-field">
        <label className="ac-label" htmlFor={inputId}>
          {t('client.profile.email.label')}
        </label>
        <input
          id={inputId}
          ref={input}
          className="tx-input"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setInvalid(false);
            request.setError(null);
            setValue(event.target.value);
          }}
        />
      </div>
      <Feedback tone="error" id={errorId}>
        {error}
      </Feedback>
      <div className="ac-actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={request.busy}>
            {t('common:common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={!value.trim()} busy={request.busy}>
          {t('client.profile.email.save')}
        </Button>
      </div>
    </form>
  );
}
