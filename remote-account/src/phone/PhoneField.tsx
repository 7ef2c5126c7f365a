import { useId, useMemo, useState, type Ref } from 'react';
import type { TFunction } from 'i18next';
import {
  type CountryCode,
  checkPhone,
  countryName,
  countryOptions,
  getCountryCallingCode,
  isInternational,
} from '@taxi/shared/phone';
import { FIRST_COUNTRY, type PhoneCheck, type PhoneValue } from './types';
import { useAccountTexts } from '../common/useAccountTexts';

export interface PhoneFieldProps {
  label: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  /** Countries the corporation sends codes to. */
  supported: readonly string[];
  /** After a refused submit: a number still too short counts as an error too. */
  showErrors?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

type Tone = 'hint' | 'error' | 'ok';

/**
 * What the field says under the number. Good news and what typing on cannot mend (too long, a
 * country not served) show at once; an invalid number only once the field is left or a send
 * was refused, so that a number being typed is not called wrong.
 */
function feedback(
  check: PhoneCheck,
  showErrors: boolean,
  t: TFunction<'account'>,
  language: string,
): [Tone, string] {
  const country = countryName(check.country, language);
  switch (check.status) {
    case 'valid':
      return ['ok', t('client.phone.valid', { phone: check.formatted })];
    case 'unsupported':
      return [
        'error',
        country
          ? t('client.phone.unsupported', { country })
          : t('client.phone.unsupported_unknown'),
      ];
    case 'invalid':
      if (check.reason === 'TOO_LONG') return ['error', t('client.phone.too_long', { country })];
      if (!showErrors) return ['hint', t('client.phone.hint')];
      return [
        'error',
        country ? t('client.phone.invalid', { country }) : t('client.phone.invalid_unknown'),
      ];
    case 'incomplete':
      return showErrors ? ['error', t('client.phone.too_short')] : ['hint', t('client.phone.hint')];
    case 'empty':
      return showErrors ? ['error', t('client.phone.required')] : ['hint', t('client.phone.hint')];
  }
}

/**
 * Country choice (Poland first) and the number, with live word on whether it is valid and
 * supported. A number typed with its prefix (+49…, 0049…) picks its country by itself.
 */
export default function PhoneField({
  label,
  value,
  onChange,
  supported,
  showErrors = false,
  autoFocus,
  inputRef,
}: PhoneFieldProps) {
  const { t, language } = useAccountTexts();
  const [left, setLeft] = useState(false);
  const countryId = useId();
  const inputId = useId();
  const feedbackId = useId();
  const options = useMemo(
    () =>
      countryOptions(
        [FIRST_COUNTRY, ...supported.filter((code) => code !== FIRST_COUNTRY)],
        language,
      ),
    [supported, language],
  );

  const update = (input: string, chosen: string) => {
    const check = checkPhone(input, chosen as CountryCode, supported);
    // A number typed with its prefix moves the country choice to its country.
    const country = isInternational(input) && check.country ? check.country : chosen;
    onChange({ input, country, check });
  };

  const changeCountry = (country: string) => {
    // The prefix typed before would overrule the new choice: keep the national part only.
    const input = isInternational(value.input) ? (value.check.national ?? '') : value.input;
    update(input, country);
  };

  const [tone, message] = feedback(value.check, showErrors || left, t, language);
  const international = isInternational(value.input);
  return (
    <div className="ac-phone">
      <div className="ac-field">
        <label className="ac-label" htmlFor={countryId}>
          {t('client.phone.country')}
        </label>
        <select
          id={countryId}
          className="tx-input"
          value={value.country}
          onChange={(event) => changeCountry(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {`${option.name} (+${option.callingCode})`}
            </option>
          ))}
        </select>
      </div>
      <div className="ac-field">
        <label className="ac-label" htmlFor={inputId}>
          {label}
        </label>
        <div className="ac-phone__row">
          {international ? null : (
            <span className="ac-phone__prefix" aria-hidden="true">
              +{getCountryCallingCode(value.country as CountryCode)}
            </span>
          )}
          <input
            id={inputId}
            ref={inputRef}
            className="tx-input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={value.input}
            autoFocus={autoFocus}
            aria-invalid={tone === 'error' || undefined}
            aria-describedby={feedbackId}
            onChange={(event) => {
              setLeft(false);
              update(event.target.value, value.country);
            }}
            onBlur={() => setLeft(value.input.trim() !== '')}
          />
        </div>
        <p id={feedbackId} className={`ac-feedback ac-feedback--${tone}`} aria-live="polite">
          {tone === 'ok' ? <span aria-hidden="true">✓ </span> : null}
          {message}
        </p>
      </div>
    </div>
  );
}
