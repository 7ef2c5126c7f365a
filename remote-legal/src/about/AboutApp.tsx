import { Link } from 'react-router-dom';
import { addTranslations, formatPhone, type CallUsEntry, SCREEN_PATHS } from '@taxi/shared';
import { LegalDocument, type LegalSection } from '../common/LegalDocument';
import { useLegal } from '../common/useLegal';
import pkg from '../../package.json';
import texts from './texts.json';

addTranslations('legal', texts);

function ContactList({ phones, email }: { phones: CallUsEntry[]; email: string }) {
  const { text } = useLegal();
  return (
    <ul className="lg-contact">
      {phones.map(({ phone, owner }) => (
        <li key={`${owner} ${phone}`}>
          <span className="lg-contact__label">{owner}</span>
          <a href={`tel:${formatPhone(phone).replace(/[^\d+]/g, '')}`}>{formatPhone(phone)}</a>
        </li>
      ))}
      {email ? (
        <li>
          <span className="lg-contact__label">{text('about.email')}</span>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
    </ul>
  );
}

function DocumentLinks({ corpLegal }: { corpLegal: boolean }) {
  const { text } = useLegal();
  const documents = [
    { path: SCREEN_PATHS.Regulations, title: 'titles.regulations' },
    // A legal-entity corporation has no separate operator's policy (the drawer hides it too).
    { path: SCREEN_PATHS.PrivacyPolicy, title: 'titles.privacy', hidden: corpLegal },
    { path: SCREEN_PATHS.PrivacyTaxi, title: 'titles.privacyTaxi' },
    { path: SCREEN_PATHS.DeleteAccount, title: 'titles.deleteAccount' },
  ].filter((document) => !document.hidden);
  return (
    <ul className="lg-links">
      {documents.map(({ path, title }) => (
        <li key={path}>
          <Link to={path}>{text(title)}</Link>
        </li>
      ))}
    </ul>
  );
}

/** About the corporation's app: what it does, its version, contact, documents, platforms. */
export default function AboutApp() {
  const { settings, text } = useLegal();
  const hasContact = settings.call_us_data.length > 0 || Boolean(settings.self_email);
  const sections: LegalSection[] = [
    {
      title: text('about.versionTitle'),
      paragraphs: [text('about.version', { version: pkg.version })],
    },
    ...(hasContact
      ? [
          {
            title: text('about.contactTitle'),
            content: <ContactList phones={settings.call_us_data} email={settings.self_email} />,
          },
        ]
      : []),
    {
      title: text('about.documentsTitle'),
      content: <DocumentLinks corpLegal={settings.corp_legal} />,
    },
    { title: text('about.platformsTitle'), items: text<string[]>('about.platforms') },
  ];
  return (
    <LegalDocument
      title={text('titles.about')}
      intro={text<string[]>('about.intro')}
      sections={sections}
    />
  );
}
