import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { SCREEN_PATHS } from '@taxi/shared';
import { installPath } from '../install/installability';
import { useInstallPlatform } from '../install/useInstallPlatform';

/** Home, Profile and, when installable, Install. Shown only to a logged-in passenger. */
export function BottomBar() {
  const { t } = useTranslation('shell');
  const platform = useInstallPlatform();
  return (
    <nav className="sh-bottom" aria-label={t('bottom.label')}>
      <NavLink to={SCREEN_PATHS.Home} end className="sh-bottom__item">
        <span aria-hidden="true">⌂</span>
        {t('bottom.home')}
      </NavLink>
      <NavLink to={SCREEN_PATHS.Profile} className="sh-bottom__item">
        {/* U+FE0E: the text style, not a colour emoji some phones draw ☺ as. */}
        <span aria-hidden="true">{'☺\uFE0E'}</span>
        {t('bottom.profile')}
      </NavLink>
      {platform ? (
        <NavLink to={installPath(platform)} className="sh-bottom__item">
          <span aria-hidden="true">⤓</span>
          {t('bottom.install')}
        </NavLink>
      ) : null}
    </nav>
  );
}
