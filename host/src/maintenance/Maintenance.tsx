import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatPhone, settingsAtom } from '@taxi/shared';

/** The apology page that replaces the app while the maintenance flag is on. */
export function Maintenance() {
  const { t } = useTranslation('shell');
  const settings = useAtomValue(settingsAtom);
  return (
    <section className="tx-page tx-notice" aria-labelledby="maintenance-title">
      <h1 id="maintenance-title">{t('maintenance.title')}</h1>
      <p>{t('maintenance.message')}</p>
      {settings?.call_us_data.length ? (
        <>
          <h2 className="sh-maintenance__subtitle">{t('maintenance.call')}</h2>
          <ul className="sh-maintenance__list">
            {settings.call_us_data.map((entry) => (
              <li key={entry.phone}>
                <a href={`tel:${entry.phone.replace(/\s/g, '')}`}>
                  {entry.owner}: {formatPhone(entry.phone)}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {settings?.corp_links.map((link) => (
        <p key={link.url}>
          <a href={link.url} target="_blank" rel="noopener noreferrer">
            {t('maintenance.website')}
            {link.name ? `: ${link.name}` : ''}
          </a>
        </p>
      ))}
    </section>
  );
}
