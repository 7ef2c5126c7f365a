import { screen, within } from '@testing-library/react';
import { renderScreen } from '@taxi/shared/testing';
import DeleteAccount from './DeleteAccount';
import { NORTH } from '../testing/corporations';

const region = (name: string) => screen.getByRole('region', { name });

describe('DeleteAccount', () => {
  it('explains both ways to delete the account and what happens (en)', () => {
    renderScreen(<DeleteAccount />, { language: 'en', settings: NORTH });
    expect(screen.getByRole('heading', { level: 1, name: 'Delete account' })).toBeInTheDocument();
    expect(within(region('In the application')).getAllByRole('listitem')).toHaveLength(3);
    expect(region('In the application')).toHaveTextContent('Open My account.');
    expect(
      within(region('By e-mail')).getByRole('link', { name: 'privacy@northern-apps.example' }),
    ).toHaveAttribute('href', 'mailto:privacy@northern-apps.example');
    const next = region('What happens next');
    expect(next).toHaveTextContent('Your account is deleted within 14 days of the request.');
    expect(next).toHaveTextContent('Your ride history and points are removed.');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/');
  });

  it('explains it in Polish', () => {
    renderScreen(<DeleteAccount />, { language: 'pl', settings: NORTH });
    expect(screen.getByRole('heading', { level: 1, name: 'Usuwanie konta' })).toBeInTheDocument();
    expect(region('Przez e-mail')).toHaveTextContent(
      'napisz na adres privacy@northern-apps.example',
    );
    expect(region('Co dalej')).toHaveTextContent(
      'Konto zostaje usunięte w ciągu 14 dni od zgłoszenia.',
    );
    expect(region('Co dalej')).toHaveTextContent('Usuwamy historię przejazdów i zebrane punkty.');
    expect(screen.getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/auth/');
  });

  it('falls back to self_email when no GDPR address is configured', () => {
    renderScreen(<DeleteAccount />, { settings: { ...NORTH, self_email_gdpr: '' } });
    expect(
      within(region('By e-mail')).getByRole('link', { name: 'hello@northern-apps.example' }),
    ).toBeInTheDocument();
  });

  it('leads a logged-in client to My account instead of the login page', () => {
    renderScreen(<DeleteAccount />, { settings: NORTH, token: 'client-token' });
    expect(screen.getByRole('link', { name: 'Open My account' })).toHaveAttribute(
      'href',
      '/settings/',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
