import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { addTranslations, api, type CompanyProfile, SCREEN_PATHS } from '@taxi/shared';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import texts from './texts.json';

addTranslations('ordering', texts);

/**
 * A business ride (docs/invoices.md): where the corporation issues invoices, the passenger picks
 * one of their company profiles; the order then carries `invoice` and the profile's id, and the
 * VAT invoice follows the ride.
 */
export function InvoiceFor() {
  const { t } = useOrderingText();
  const { draft, setDraft } = useOrdering();
  const selectId = useId();
  const [offer, setOffer] = useState<{ profiles: CompanyProfile[] } | null>(null);
  useEffect(() => {
    let current = true;
    api.get('GET_COMPANY_PROFILES', {}).then(
      (reply) => {
        if (!current) return;
        const ids = reply.data_list.map((p) => p.id);
        setOffer(reply.invoicing ? { profiles: reply.data_list } : null);
        // A profile deleted since the draft was made is no longer ordered with.
        setDraft((c) =>
          c.company_profile_id && !ids.includes(c.company_profile_id)
            ? { ...c, invoice: false, company_profile_id: null }
            : c,
        );
      },
      // Without the list the ride is ordered as a private one.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [setDraft]);
  if (!offer) return null;
  return (
    <section className="or-section" aria-labelledby="or-invoice-title">
      <h2 id="or-invoice-title">{t('invoice.title')}</h2>
      {offer.profiles.length === 0 ? (
        <p className="or-muted">
          {t('invoice.none')} <Link to={SCREEN_PATHS.Profile}>{t('invoice.addCompany')}</Link>
        </p>
      ) : (
        <div className="or-field">
          <label htmlFor={selectId}>{t('invoice.for')}</label>
          <select
            id={selectId}
            className="tx-input"
            value={draft.company_profile_id ?? ''}
            onChange={(event) => {
              const id = Number(event.target.value) || null;
              setDraft((c) => ({ ...c, invoice: id !== null, company_profile_id: id }));
            }}
          >
            <option value="">{t('invoice.private')}</option>
            {offer.profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {`${profile.name} (NIP ${profile.nip})`}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}
