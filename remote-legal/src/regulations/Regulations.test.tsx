import { screen, within } from '@testing-library/react';
import { renderScreen } from '@taxi/shared/testing';
import Regulations from './Regulations';
import { NORTH } from '../testing/corporations';
import { stubLocationReplace } from '../testing/location';
import { expectSections, type SectionFacts } from '../testing/sections';

const replace = stubLocationReplace();

// The terms of spec section 9, filled with NORTH's legal data.
const TERMS: Record<'en' | 'pl', { heading: string; inForce: string; sections: SectionFacts }> = {
  en: {
    heading: 'Regulations',
    inForce: 'In force from 1 May 2024',
    sections: {
      'General provisions': [
        'The Application is provided by Northern Apps Ltd',
        'contact: hello@northern-apps.example',
        'performed by the taxi corporation Nordic Cabs',
      ],
      Services: ['available 24/7'],
      'Technical requirements': [
        'Android 8.0 or newer and the last two versions of Chrome and Firefox',
      ],
      'Account and orders': ['the account is deleted within 14 days'],
      'Right of withdrawal': ['within 14 days of concluding it'],
      Complaints: ['Complaints are answered within 14 days of receipt.'],
      'Personal data': ['kept for up to 6 years'],
      'Changes to the regulations': ['Changes take effect 7 days after they are published'],
    },
  },
  pl: {
    heading: 'Regulamin',
    inForce: 'Obowiązuje od 1 maja 2024 r.',
    sections: {
      'Postanowienia ogólne': [
        'Aplikację udostępnia Aplikacje Północne sp. z o.o.',
        'wykonuje korporacja taksówkowa Nordic Cabs',
      ],
      Usługi: ['dostępna 24/7'],
      'Wymagania techniczne': [
        'Android 8.0 lub nowszy oraz dwie ostatnie wersje przeglądarek Chrome i Firefox',
      ],
      'Konto i zamówienia': ['usunięte w ciągu 14 dni'],
      'Prawo odstąpienia od umowy': ['w terminie 14 dni od jej zawarcia'],
      Reklamacje: ['rozpatrywane w ciągu 14 dni'],
      'Dane osobowe': ['nie dłużej niż 6 lat'],
      'Zmiany regulaminu': ['wchodzą w życie po 7 dniach od ich opublikowania'],
    },
  },
};

describe('Regulations', () => {
  it.each(['en', 'pl'] as const)('carries every term of the service (%s)', (language) => {
    const terms = TERMS[language];
    renderScreen(<Regulations />, { language, settings: NORTH });
    expect(replace()).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: terms.heading })).toBeInTheDocument();
    expect(screen.getByText(terms.inForce)).toBeInTheDocument();
    expectSections(terms.sections);
  });

  it('is in force from the configured start date', () => {
    renderScreen(<Regulations />, { settings: { regulations_start_date: '15-03-2025' } });
    expect(screen.getByText('In force from 15 March 2025')).toBeInTheDocument();
  });

  it('numbers its clauses', () => {
    renderScreen(<Regulations />, { settings: NORTH });
    expect(
      within(screen.getByRole('region', { name: 'Complaints' })).getByRole('list').tagName,
    ).toBe('OL');
  });

  it('redirects to regulations_link when configured', () => {
    renderScreen(<Regulations />, {
      settings: { regulations_link: 'https://nordic-cabs.example/terms.pdf' },
    });
    expect(replace()).toHaveBeenCalledWith('https://nordic-cabs.example/terms.pdf');
  });
});
