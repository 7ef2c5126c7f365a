import { screen, within } from '@testing-library/react';
import { renderScreen } from '@taxi/shared/testing';
import InstallAppAndroid from './InstallAppAndroid';
import InstallAppIOS from './InstallAppIOS';
import { stubLocationReplace } from '../testing/location';

const replace = stubLocationReplace();
const steps = (section: string) =>
  within(screen.getByRole('region', { name: section }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('InstallAppAndroid', () => {
  it('sends the visitor to the store when android_url is set', () => {
    renderScreen(<InstallAppAndroid />, {
      settings: { android_url: 'https://play.google.com/store/apps/details?id=example.taxi' },
    });
    expect(replace()).toHaveBeenCalledWith(
      'https://play.google.com/store/apps/details?id=example.taxi',
    );
    expect(screen.getByRole('link', { name: 'Open the page' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=example.taxi',
    );
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows how to add the app in Chrome (en)', () => {
    renderScreen(<InstallAppAndroid />, { language: 'en', settings: { corp: 'Nordic Cabs' } });
    expect(replace()).not.toHaveBeenCalled();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Install on Android' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Add Nordic Cabs to your phone's home screen/)).toBeInTheDocument();
    expect(steps('In Chrome')).toEqual([
      'Open this page in Chrome.',
      'Tap the menu button (three dots) in the top-right corner.',
      'Tap “Add to Home screen” or “Install app”.',
      'Confirm with “Add” or “Install”.',
    ]);
    expect(screen.getByRole('region', { name: 'Requirements' })).toHaveTextContent(
      'Android 8.0 or newer with one of the last two versions of Chrome or Firefox.',
    );
  });

  it('shows how to add the app in Chrome (pl)', () => {
    renderScreen(<InstallAppAndroid />, { language: 'pl', settings: { corp: 'Nordic Cabs' } });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Instalacja na Androidzie' }),
    ).toBeInTheDocument();
    expect(steps('W przeglądarce Chrome')).toContain(
      'Wybierz „Dodaj do ekranu głównego” lub „Zainstaluj aplikację”.',
    );
    expect(screen.getByRole('region', { name: 'Wymagania' })).toHaveTextContent(
      'Android 8.0 lub nowszy',
    );
  });

  it('ignores a link that is not a web address', () => {
    renderScreen(<InstallAppAndroid />, { settings: { android_url: 'javascript:alert(1)' } });
    expect(replace()).not.toHaveBeenCalled();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Install on Android' }),
    ).toBeInTheDocument();
  });
});

describe('InstallAppIOS', () => {
  it('shows the Safari steps: Share, then Add to Home Screen (en)', () => {
    renderScreen(<InstallAppIOS />, { language: 'en', settings: { corp: 'Nordic Cabs' } });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Install on iPhone' }),
    ).toBeInTheDocument();
    const safari = steps('In Safari');
    expect(safari[0]).toBe('Open this page in Safari.');
    expect(safari[1]).toMatch(/^Tap the Share button/);
    expect(safari[2]).toBe('Scroll down the list and tap “Add to Home Screen”.');
    expect(screen.getByRole('region', { name: 'Open the app' })).toHaveTextContent(
      'Find the Nordic Cabs icon',
    );
  });

  it('shows the Safari steps in Polish', () => {
    renderScreen(<InstallAppIOS />, { language: 'pl', settings: { corp: 'Nordic Cabs' } });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Instalacja na iPhonie' }),
    ).toBeInTheDocument();
    const safari = steps('W przeglądarce Safari');
    expect(safari[1]).toMatch(/^Stuknij przycisk Udostępnij/);
    expect(safari[2]).toBe('Przewiń listę w dół i stuknij „Do ekranu początkowego”.');
  });
});
