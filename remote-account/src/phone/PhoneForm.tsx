import { Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Spinner } from '@taxi/shared';
import { Feedback } from '../common/Feedback';
import { useAccountTexts } from '../common/useAccountTexts';
import type { PhoneValue } from './types';
import { PhoneField, useSupportedCountries } from './field';

export interface PhoneFormProps {
  label: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  /**
   * Called with the E.164 form of a valid, supported number; resolves to false when the number
   * was not taken (the message is in `error`), and the field takes the focus again.
   */
  onSubmit: (e164: string) => Promise<boolean> | boolean;
  onCancel: () => void;
  submitLabel: string;
  error: string | null;
  busy?: boolean;
  /** What comes above the field: a heading, an explanation. */
  children?: ReactNode;
}

/**
 * A number to send a code to: the phone field, what went wrong, Cancel and the send button
 * (disabled while the field is empty). A number that is not valid and supported is not
 * submitted: the field says why and takes the focus.
 */
export function PhoneForm(props: PhoneFormProps) {
  const { label, value, onChange, onSubmit, onCancel, submitLabel, error, busy = false } = props;
  const { t } = useAccountTexts();
  const supported = useSupportedCountries();
  const [showErrors, setShowErrors] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { status, e164 } = value.check;
    if (busy) return;
    if (status !== 'valid' || !e164) {
      setShowErrors(true);
      input.current?.focus();
      return;
    }
    if ((await onSubmit(e164)) === false) input.current?.focus();
  };

  return (
    <form className="ac-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      {props.children}
      <Suspense fallback={<Spinner />}>
        <PhoneField
          label={label}
          value={value}
          supported={supported}
          showErrors={showErrors}
          autoFocus
          inputRef={input}
          onChange={(next) => {
            setShowErrors(false);
            onChange(next);
          }}
        />
      </Suspense>
      <Feedback tone="error">{error}</Feedback>
      <div className="ac-actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common:common.cancel')}
        </Button>
        <Button type="submit" disabled={!value.input.trim()} busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
