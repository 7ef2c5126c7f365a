import { useEffect, useId, useState } from 'react';
import {
  COMPANY_ADDRESS_MAX,
  COMPANY_NAME_MAX,
  COMPANY_PROFILES_MAX,
  isValidNip,
  nipDigits,
} from '@taxi/contract/business';
import { EMAIL_MAX, isEmailAddress } from '@taxi/contract/email';
import {
  addTranslations,
  api,
  Button,
  type CompanyProfile,
  type CompanyProfileInput,
} from '@taxi/shared';
import { Feedback } from '../common/Feedback';
import { useAccountTexts } from '../common/useAccountTexts';
import { useRequest } from '../common/useRequest';
import texts from './texts.json';

addTranslations('account', texts);

type Field = 'name' | 'address' | 'nip' | 'email';
const FIELDS: { field: Field; max: number; type: 'text' | 'email'; autoComplete: string }[] = [
  { field: 'name', max: COMPANY_NAME_MAX, type: 'text', autoComplete: 'organization' },
  { field: 'address', max: COMPANY_ADDRESS_MAX, type: 'text', autoComplete: 'street-address' },
  { field: 'nip', max: 20, type: 'text', autoComplete: 'off' },
  { field: 'email', max: EMAIL_MAX, type: 'email', autoComplete: 'email' },
];
const EMPTY: CompanyProfileInput = { name: '', address: '', nip: '', email: '' };

/** The spec's general form messages for a field, or null when it is fine. */
function problem(field: Field, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return 'client.company.required';
  if (field === 'nip' && !isValidNip(trimmed)) return 'client.company.nip_invalid';
  if (field === 'email' && !isEmailAddress(trimmed)) return 'client.company.email_invalid';
  return null;
}

function ProfileForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: CompanyProfileInput;
  onSaved: (profile: CompanyProfile) => void;
  onCancel: () => void;
}) {
  const { t } = useAccountTexts();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [shown, setShown] = useState(false);
  const request = useRequest();
  const errors = Object.fromEntries(
    FIELDS.map(({ field }) => [field, problem(field, value[field])]),
  );
  const submit = async () => {
    setShown(true);
    if (Object.values(errors).some(Boolean)) {
      document.getElementById(`${id}-${FIELDS.find((f) => errors[f.field])!.field}`)?.focus();
      return;
    }
    const profile = { ...value, nip: nipDigits(value.nip.trim()) };
    const outcome = await request.run(() => api.get('SAVE_COMPANY_PROFILE', { profile }));
    if (outcome.ok) onSaved(outcome.value.profile);
  };
  return (
    <form
      className="ac-form ac-subform"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="ac-subtitle" id={`${id}-title`}>
        {t(initial.id ? 'client.company.edit_title' : 'client.company.add_title')}
      </h3>
      {FIELDS.map(({ field, max, type, autoComplete }) => {
        const error = shown ? errors[field] : null;
        return (
          <div className="ac-field" key={field}>
            <label className="ac-label" htmlFor={`${id}-${field}`}>
              {t(`client.company.${field}`)}
            </label>
            <input
              id={`${id}-${field}`}
              className="tx-input"
              type={type}
              autoComplete={autoComplete}
              inputMode={field === 'nip' ? 'numeric' : undefined}
              maxLength={max}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${field}-error` : undefined}
              value={value[field]}
              onChange={(event) => setValue((v) => ({ ...v, [field]: event.target.value }))}
            />
            <Feedback tone="error" id={`${id}-${field}-error`}>
              {error ? t(error) : null}
            </Feedback>
          </div>
        );
      })}
      <Feedback tone="error">{request.error}</Feedback>
      <div className="ac-actions">
        <Button type="submit" busy={request.busy}>
          {t('client.company.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('client.company.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Company profiles for VAT invoices (docs/invoices.md): shown only where the corporation issues
 * invoices; a ride ordered with one gets its invoice when it ends.
 */
export function CompanyProfiles() {
  const { t } = useAccountTexts();
  const titleId = useId();
  const [profiles, setProfiles] = useState<CompanyProfile[] | null>(null);
  const [editing, setEditing] = useState<CompanyProfileInput | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const request = useRequest();
  useEffect(() => {
    let current = true;
    api.get('GET_COMPANY_PROFILES', {}).then(
      (reply) => {
        if (current && reply.invoicing) setProfiles(reply.data_list);
      },
      // Without the list the section is not shown; invoices can be asked for another time.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!profiles) return null;

  const saved = (profile: CompanyProfile) => {
    setProfiles((list) => [...(list ?? []).filter((p) => p.id !== profile.id), profile]);
    setEditing(null);
    setDone(t('client.company.saved', { name: profile.name }));
  };
  const remove = async (profile: CompanyProfile) => {
    const outcome = await request.run(() =>
      api.get('DELETE_COMPANY_PROFILE', { profile_id: profile.id }),
    );
    if (!outcome.ok) return;
    setProfiles((list) => (list ?? []).filter((p) => p.id !== profile.id));
    setDone(t('client.company.deleted', { name: profile.name }));
  };
  return (
    <section className="ac-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('client.company.title')}</h2>
      <p>{t('client.company.intro')}</p>
      {profiles.length > 0 ? (
        <ul className="ac-companies">
          {profiles.map((profile) => (
            <li key={profile.id} className="tx-card ac-card">
              <p className="ac-company__name">{profile.name}</p>
              <p>{profile.address}</p>
              <p>
                NIP {profile.nip} · {profile.email}
              </p>
              <div className="ac-actions">
                <Button
                  variant="secondary"
                  aria-label={`${t('client.company.edit')}: ${profile.name}`}
                  onClick={() => {
                    setDone(null);
                    setEditing(profile);
                  }}
                >
                  {t('client.company.edit')}
                </Button>
                <Button
                  variant="text"
                  aria-label={`${t('client.company.delete')}: ${profile.name}`}
                  onClick={() => void remove(profile)}
                >
                  {t('client.company.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <Feedback tone="error">{request.error}</Feedback>
      <Feedback tone="ok">{done}</Feedback>
      {editing ? (
        <ProfileForm
          key={editing.id ?? 'new'}
          initial={editing}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      ) : profiles.length < COMPANY_PROFILES_MAX ? (
        <Button
          variant="secondary"
          onClick={() => {
            setDone(null);
            setEditing(EMPTY);
          }}
        >
          {t('client.company.add')}
        </Button>
      ) : null}
    </section>
  );
}
