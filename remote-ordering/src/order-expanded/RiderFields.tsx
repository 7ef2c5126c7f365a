import { useState } from 'react';
import { formatPhone, RIDER_NAME_MAX, useSupportedCountries } from '@taxi/shared';
import { checkPhone, type CountryCode } from '@taxi/shared/phone';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';

/**
 * The rider's name and phone, the phone checked as the login phone is: the draft gets its E.164
 * form only while it is valid, so an order is never sent with a number the server refuses.
 */
export default function RiderFields() {
  const { t } = useOrderingText();
  const { draft, setDraft } = useOrdering();
  const countries = useSupportedCountries();
  // National numbers are read as numbers of the corporation's first country.
  const first = countries[0] as CountryCode;
  const [input, setInput] = useState(() => formatPhone(draft.phone));
  const check = checkPhone(input, first, countries);
  const problem =
    check.status === 'invalid' || check.status === 'unsupported' ? check.status : null;

  const type = (next: string) => {
    setInput(next);
    const typed = checkPhone(next, first, countries);
    setDraft((current) => ({
      ...current,
      phone: typed.status === 'valid' && typed.e164 ? typed.e164 : '',
    }));
  };

  return (
    <div>
      <label className="or-field">
        <span>{t('expanded.rider.name')}</span>
        <input
          className="tx-input"
          type="text"
          autoComplete="off"
          maxLength={RIDER_NAME_MAX}
          value={draft.rider_name ?? ''}
          onChange={(event) => setDraft((c) => ({ ...c, rider_name: event.target.value }))}
        />
      </label>
      <div className="or-field">
        <label htmlFor="or-rider-phone">{t('expanded.rider.phone')}</label>
        <input
          id="or-rider-phone"
          className="tx-input"
          type="tel"
          autoComplete="off"
          inputMode="tel"
          required
          aria-invalid={problem !== null}
          aria-describedby="or-rider-hint"
          value={input}
          onChange={(event) => type(event.target.value)}
        />
        {problem ? (
          <p id="or-rider-hint" className="or-error" role="alert">
            {t(`expanded.rider.${problem}`)}
          </p>
        ) : (
          <small id="or-rider-hint" className="or-muted">
            {t('expanded.rider.hint')}
          </small>
        )}
      </div>
    </div>
  );
}
