import { screen, within } from '@testing-library/react';
import { renderScreen } from '@taxi/shared/testing';
import AboutApp from './AboutApp';
import { NORTH, SOUTH } from '../testing/corporations';
import pkg from '../../package.json';

const region = (name: string | RegExp) => screen.getByRole('region', { name });

describe('AboutApp', () => {
  it('tells what the app is, who provides it, its version and the platforms (en)', () => {
    renderScreen(<AboutApp />, { language: 'en', settings: NORTH });
    expect(screen.getByRole('heading', { level: 1, name: 'About app' })).toBeInTheDocument();
    expect(
      screen.getByText(/This is the Nordic Cabs taxi-ordering application/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Northern Apps Ltd provides the application; the service is available 24/7.',
      ),
    ).toBeInTheDocument();
    expect(region('Version')).toHaveTextContent(`Application version ${pkg.version}`);
    const platforms = within(region('Supported platforms')).getAllByRole('listitem');
    expect(platforms.map((item) => item.textContent)).toEqual([
      'Android 8.0 or newer;',
      'the last two versions of Chrome and Firefox.',
    ]);
  });

  it('says the same in Polish, with the Polish operator name', () => {
    renderScreen(<AboutApp />, { language: 'pl', settings: NORTH });
    expect(screen.getByRole('heading', { level: 1, name: 'O aplikacji' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Aplikacje Północne sp. z o.o. udostępnia aplikację, a usługa jest dostępna 24/7.',
      ),
    ).toBeInTheDocument();
    expect(region('Wersja')).toHaveTextContent(`Wersja aplikacji ${pkg.version}`);
    expect(region('Obsługiwane platformy')).toHaveTextContent('Android 8.0 lub nowszy');
    expect(region('Obsługiwane platformy')).toHaveTextContent(
      'dwie ostatnie wersje przeglądarek Chrome i Firefox',
    );
  });

  it('lists the phone numbers with their owners as tel: links, and the e-mail', () => {
    renderScreen(<AboutApp />, { settings: NORTH });
    const contact = within(region('Contact'));
    expect(contact.getByText('Dispatch')).toBeInTheDocument();
    expect(contact.getByRole('link', { name: '+48 221 234 567' })).toHaveAttribute(
      'href',
      'tel:+48221234567',
    );
    expect(contact.getByText('Lost property')).toBeInTheDocument();
    expect(contact.getByRole('link', { name: '+48 600 700 800' })).toHaveAttribute(
      'href',
      'tel:+48600700800',
    );
    expect(contact.getByRole('link', { name: 'hello@northern-apps.example' })).toHaveAttribute(
      'href',
      'mailto:hello@northern-apps.example',
    );
  });

  it('follows another corporation’s contact data', () => {
    renderScreen(<AboutApp />, { settings: SOUTH });
    const contact = within(region('Contact'));
    expect(contact.getByText('Centrala')).toBeInTheDocument();
    expect(contact.getByRole('link', { name: '+48 123 456 789' })).toHaveAttribute(
      'href',
      'tel:+48123456789',
    );
    expect(contact.queryByText('Dispatch')).not.toBeInTheDocument();
    expect(contact.getByRole('link', { name: 'kontakt@southern.example' })).toBeInTheDocument();
  });

  it('leaves out the contact section when nothing is configured', () => {
    renderScreen(<AboutApp />, { settings: { call_us_data: [], self_email: '' } });
    expect(screen.queryByRole('region', { name: 'Contact' })).not.toBeInTheDocument();
  });

  it('links the documents under their menu names', () => {
    renderScreen(<AboutApp />, { settings: NORTH });
    const links = within(region('Documents')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Regulations', '/regulations/'],
      ['Privacy policy', '/privacy-policy/'],
      ['Privacy policy taxi', '/privacy-taxi/'],
      ['Delete account', '/delete-account/'],
    ]);
  });

  it('hides the privacy policy link for a legal-entity corporation', () => {
    renderScreen(<AboutApp />, { language: 'pl', settings: { ...NORTH, corp_legal: true } });
    const documents = within(region('Dokumenty'));
    expect(documents.queryByRole('link', { name: 'Polityka prywatności' })).not.toBeInTheDocument();
    expect(documents.getByRole('link', { name: 'Polityka prywatności taxi' })).toBeInTheDocument();
    expect(documents.getByRole('link', { name: 'Regulamin' })).toBeInTheDocument();
  });
});
