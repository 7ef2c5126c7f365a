import type { ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '@taxi/shared/testing';
import PrivacyPolicy from './PrivacyPolicy';
import PrivacyTaxi from './PrivacyTaxi';
import { NORTH } from '../testing/corporations';
import { stubLocationReplace } from '../testing/location';
import { expectSections, type SectionFacts } from '../testing/sections';

const replace = stubLocationReplace();

// Both policies, dated 1 June 2022, filled with NORTH's legal data.
const POLICIES: [ComponentType, 'en' | 'pl', heading: string, dated: string, SectionFacts][] = [
  [
    PrivacyPolicy,
    'en',
    'Privacy policy',
    'Version of 1 June 2022',
    {
      'Data controller': [
        'Northern Apps Ltd is the controller of your personal data processed in the application.',
        'write to privacy@northern-apps.example.',
      ],
      'How long we keep the data': [
        'an account is deleted within 14 days of the request',
        'claims: for up to 6 years',
      ],
      'Your rights': ['To use your rights, write to privacy@northern-apps.example.'],
    },
  ],
  [
    PrivacyPolicy,
    'pl',
    'Polityka prywatności',
    'Wersja z dnia 1 czerwca 2022 r.',
    {
      'Administrator danych': ['Aplikacje Północne sp. z o.o. jest administratorem Twoich danych'],
      'Jak długo przechowujemy dane': ['konto usuwamy w ciągu 14 dni', 'nie dłużej niż 6 lat'],
      'Twoje prawa': [
        'Prezesa Urzędu Ochrony Danych Osobowych',
        'napisz na adres privacy@northern-apps.example.',
      ],
    },
  ],
  [
    PrivacyTaxi,
    'en',
    'Privacy policy taxi',
    'Version of 1 June 2022',
    {
      'Data controller': [
        "Nordic Cabs Cooperative is the controller of the passengers' personal data",
        'write to dpo@nordic-cabs.example.',
      ],
      'How long we keep the data': ['for up to 6 years', 'removed within 14 days'],
      'Your rights': ['To use your rights, write to dpo@nordic-cabs.example.'],
    },
  ],
  [
    PrivacyTaxi,
    'pl',
    'Polityka prywatności taxi',
    'Wersja z dnia 1 czerwca 2022 r.',
    {
      'Administrator danych': [
        'Nordic Cabs Cooperative jest administratorem danych osobowych pasażerów',
      ],
      'Jak długo przechowujemy dane': ['nie dłużej niż 6 lat', 'w ciągu 14 dni'],
      'Twoje prawa': ['napisz na adres dpo@nordic-cabs.example.'],
    },
  ],
];

describe.each(POLICIES)('%p in %s', (Policy, language, heading, dated, sections) => {
  it('is dated and names the controller, its contact and the retention periods', () => {
    renderScreen(<Policy />, { language, settings: NORTH });
    expect(replace()).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(dated)).toBeInTheDocument();
    expectSections(sections);
  });
});

describe('PrivacyPolicy', () => {
  it('links the operator’s GDPR address', () => {
    renderScreen(<PrivacyPolicy />, { settings: NORTH });
    const controller = within(screen.getByRole('region', { name: 'Data controller' }));
    expect(controller.getByRole('link', { name: 'privacy@northern-apps.example' })).toHaveAttribute(
      'href',
      'mailto:privacy@northern-apps.example',
    );
  });

  it('sends a legal-entity corporation’s visitors to the privacy policy taxi', async () => {
    const { history } = renderScreen(<PrivacyPolicy />, {
      path: '/privacy-policy/',
      settings: { ...NORTH, corp_legal: true },
      routes: [{ path: '/privacy-taxi/', element: <PrivacyTaxi /> }],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy policy taxi' }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/privacy-taxi/');
    expect(history.action).toBe('REPLACE');
  });
});

describe('PrivacyTaxi', () => {
  it('names the corporation as controller when gdpr_admin is not configured', () => {
    renderScreen(<PrivacyTaxi />, { settings: { ...NORTH, gdpr_admin: '' } });
    expect(screen.getByRole('region', { name: 'Data controller' })).toHaveTextContent(
      'Nordic Cabs is the controller',
    );
  });

  it('redirects to gdpr_policy_link when configured', () => {
    renderScreen(<PrivacyTaxi />, {
      settings: { ...NORTH, gdpr_policy_link: 'https://nordic-cabs.example/rodo' },
    });
    expect(replace()).toHaveBeenCalledWith('https://nordic-cabs.example/rodo');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});
