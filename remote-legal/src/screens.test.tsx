import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import type { Settings } from '@taxi/shared';
import { renderScreen } from '@taxi/shared/testing';
import AboutApp from './about/AboutApp';
import InstallAppAndroid from './install/InstallAppAndroid';
import InstallAppIOS from './install/InstallAppIOS';
import PrivacyPolicy from './privacy/PrivacyPolicy';
import PrivacyTaxi from './privacy/PrivacyTaxi';
import Regulations from './regulations/Regulations';
import DeleteAccount from './delete-account/DeleteAccount';
import { NORTH, SOUTH } from './testing/corporations';

// Every exposed screen, with its page heading in both languages (the drawer's menu names).
const SCREENS: [ComponentType, { en: string; pl: string }][] = [
  [AboutApp, { en: 'About app', pl: 'O aplikacji' }],
  [InstallAppAndroid, { en: 'Install on Android', pl: 'Instalacja na Androidzie' }],
  [InstallAppIOS, { en: 'Install on iPhone', pl: 'Instalacja na iPhonie' }],
  [PrivacyPolicy, { en: 'Privacy policy', pl: 'Polityka prywatności' }],
  [PrivacyTaxi, { en: 'Privacy policy taxi', pl: 'Polityka prywatności taxi' }],
  [Regulations, { en: 'Regulations', pl: 'Regulamin' }],
  [DeleteAccount, { en: 'Delete account', pl: 'Usuwanie konta' }],
];

describe.each(SCREENS)('%p', (Screen, headings) => {
  it.each(['en', 'pl'] as const)('has its page heading in %s', (language) => {
    renderScreen(<Screen />, { language, settings: NORTH });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(headings[language]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each(['en', 'pl'] as const)('names the configured corporation, no other (%s)', (language) => {
    const pairs: [Partial<Settings>, Partial<Settings>][] = [
      [NORTH, SOUTH],
      [SOUTH, NORTH],
    ];
    for (const [shown, other] of pairs) {
      const { container, unmount } = renderScreen(<Screen />, { language, settings: shown });
      expect(container).toHaveTextContent(shown.corp!);
      for (const field of ['corp', 'self_name', 'self_name_en', 'gdpr_admin'] as const) {
        expect(container).not.toHaveTextContent(other[field]!);
      }
      unmount();
    }
  });
});
