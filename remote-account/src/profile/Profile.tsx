import { useId } from 'react';
import { useAtomValue } from 'jotai';
import {
  addTranslations,
  Button,
  formatPhone,
  settingsAtom,
  SETTINGS_DEFAULTS,
  Spinner,
  type ClientData,
} from '@taxi/shared';
import { useAccountTexts } from '../common/useAccountTexts';
import { CompanyProfiles } from '../company-profiles/CompanyProfiles';
import { DeleteAccount } from '../delete-account/DeleteAccount';
import { AccountEmail } from './AccountEmail';
import { ChangePhone } from './ChangePhone';
import { DisplayPreferences } from './DisplayPreferences';
import { PhoneVerification } from './PhoneVerification';
import { useProfileData, type PhoneState } from './useProfileData';
import texts from './texts.json';
import '../account.css';

addTranslations('account', texts);

function AccountPhone({
  phone,
  onPhone,
}: {
  phone: PhoneState;
  onPhone: (phone: PhoneState) => void;
}) {
  const { t } = useAccountTexts();
  const titleId = useId();
  const shown = formatPhone(phone.phone);
  return (
    <section className="ac-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('client.profile.phone')}</h2>
      <p className="ac-phone-number">
        <span>{shown}</span>
        <span className={`ac-badge ac-badge--${phone.verified ? 'ok' : 'warn'}`}>
          {t(phone.verified ? 'client.profile.verified' : 'client.profile.unverified')}
        </span>
      </p>
      {phone.verified ? null : <PhoneVerification shownPhone={shown} onVerified={onPhone} />}
      <ChangePhone currentPhone={phone.phone} onChanged={onPhone} />
    </section>
  );
}

function Benefits({
  client,
  points,
  discount,
}: {
  client: ClientData;
  points: boolean;
  discount: boolean;
}) {
  const { t } = useAccountTexts();
  const titleId = useId();
  const hasDiscount = client.discount > 0 && client.count_discount_available > 0;
  return (
    <section className="ac-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('client.profile.benefits')}</h2>
      <dl className="ac-facts">
        {points ? (
          <div>
            <dt>{t('client.profile.points')}</dt>
            <dd>{client.points}</dd>
          </div>
        ) : null}
        {discount ? (
          <div>
            <dt>{t('client.profile.discount')}</dt>
            <dd>
              {hasDiscount
                ? t('client.profile.discount_value', {
                    discount: client.discount,
                    count: client.count_discount_available,
                  })
                : t('client.profile.no_discount')}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * My account: the phone (verification, change), the e-mail for receipts, points and discount as
 * the settings allow, company profiles for invoices, display preferences, and account deletion.
 */
export default function Profile() {
  const { t } = useAccountTexts();
  const settings = useAtomValue(settingsAtom) ?? SETTINGS_DEFAULTS;
  const { client, phone, loading, error, reload, phoneChanged } = useProfileData();
  const showBenefits = Boolean(client) && (settings.show_points || settings.show_discount);
  return (
    <section className="tx-page ac-page ac-profile" aria-labelledby="ac-profile-title">
      <h1 id="ac-profile-title">{t('client.profile.title')}</h1>
      {error ? (
        <div className="tx-card ac-card ac-load-error">
          <p role="alert">{error}</p>
          <Button variant="secondary" onClick={() => void reload()} busy={loading}>
            {t('common:common.retry')}
          </Button>
        </div>
      ) : null}
      {loading && !phone ? <Spinner /> : null}
      {settings.show_account && phone ? (
        <AccountPhone phone={phone} onPhone={phoneChanged} />
      ) : null}
      {settings.show_account ? <AccountEmail /> : null}
      {showBenefits && client ? (
        <Benefits client={client} points={settings.show_points} discount={settings.show_discount} />
      ) : null}
      {settings.show_account ? <CompanyProfiles /> : null}
      <DisplayPreferences />
      <DeleteAccount phone={phone?.phone ?? client?.phone ?? null} />
    </section>
  );
}
