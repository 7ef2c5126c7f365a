import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, LOGIN_CODE_LENGTH } from '@taxi/shared';
import { useAccountTexts } from '../common/useAccountTexts';
import { useCountdown } from '../common/useCountdown';
import { useRequest } from '../common/useRequest';
import { Feedback } from '../common/Feedback';

/** Seconds before the same number can be sent another code. */
export const RESEND_AFTER_SECONDS = 60;

export interface CodeFormProps {
  /** The number the code went to, as shown. */
  sentTo: string;
  /** Checks the code; rejects with the server's error, which is shown. */
  onSubmit: (code: string) => Promise<unknown>;
  /** Sends another code to the same number. */
  onResend: () => Promise<unknown>;
  onCancel: () => void;
  cancelLabel?: string;
}

/** The code only: digits, at most the code's length (typed, pasted or read from the SMS). */
const digits = (text: string) => text.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH);

/**
 * WCAG 3.3.8: where the browser has the Web OTP API, the code from the SMS fills the field (see
 * smsCode). The wait stops when the form goes, and starts again for each code sent.
 */
function useSmsCode(round: number, fill: (code: string) => void): void {
  useEffect(() => {
    if (!('OTPCredential' in window)) return;
    const controller = new AbortController();
    void import(/* webpackChunkName: "sms-code" */ './smsCode')
      .then(({ smsCode }) => smsCode(controller.signal))
      .then((code) => code && fill(digits(code)));
    return () => controller.abort();
  }, [round, fill]);
}

function minutes(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The SMS code: numeric, at most six digits, filled in from the message where the phone
 * offers it (one-time-code); OK while something is typed; another code after a countdown.
 */
export function CodeForm({ sentTo, onSubmit, onResend, onCancel, cancelLabel }: CodeFormProps) {
  const { t } = useAccountTexts();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<'check' | 'resend' | null>(null);
  const [resent, setResent] = useState(false);
  const [round, setRound] = useState(0);
  useSmsCode(round, setCode);
  const request = useRequest();
  const { left, restart } = useCountdown(RESEND_AFTER_SECONDS);
  const inputId = useId();
  const errorId = useId();
  const waitId = useId();
  const input = useRef<HTMLInputElement>(null);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!code || request.busy) return;
    setPending('check');
    setResent(false);
    const outcome = await request.run(() => onSubmit(code));
    setPending(null);
    if (!outcome.ok) input.current?.focus();
  };

  const resend = async () => {
    setPending('resend');
    setResent(false);
    const outcome = await request.run(onResend);
    setPending(null);
    if (outcome.ok) {
      setCode('');
      setResent(true);
      setRound((sent) => sent + 1);
      restart(RESEND_AFTER_SECONDS);
    }
    input.current?.focus();
  };

  return (
    <form className="ac-form" onSubmit={check} noValidate>
      <p className="ac-lead">{t('client.code.sent', { phone: sentTo })}</p>
      <div className="ac-field">
        <label className="ac-label" htmlFor={inputId}>
          {t('client.code.label')}
        </label>
        <input
          id={inputId}
          ref={input}
          className="tx-input ac-code-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LOGIN_CODE_LENGTH}
          autoFocus
          value={code}
          aria-invalid={request.error ? true : undefined}
          aria-describedby={request.error ? errorId : undefined}
          onChange={(event) => setCode(digits(event.target.value))}
        />
      </div>
      <Feedback tone="error" id={errorId}>
        {request.error}
      </Feedback>
      <Feedback tone="ok">{resent ? t('client.code.resent') : null}</Feedback>
      <div className="ac-resend">
        <Button
          variant="text"
          onClick={resend}
          disabled={left > 0 || request.busy}
          busy={pending === 'resend'}
          aria-describedby={left > 0 ? waitId : undefined}
        >
          {t('client.code.resend')}
        </Button>
        {left > 0 ? (
          <span id={waitId} className="ac-muted">
            {t('client.code.resend_in', { time: minutes(left) })}
          </span>
        ) : null}
      </div>
      <div className="ac-actions">
        <Button variant="secondary" onClick={onCancel} disabled={request.busy}>
          {cancelLabel ?? t('common:common.cancel')}
        </Button>
        <Button type="submit" disabled={!code} busy={pending === 'check'}>
          {t('common:common.ok')}
        </Button>
      </div>
    </form>
  );
}
