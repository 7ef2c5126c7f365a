import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { isLoggedInAtom, settingsAtom } from '@taxi/shared';
import { BottomBar } from './BottomBar';
import { Logo } from './Logo';
import { useMenu } from './useMenu';

/** Top bar with menu button and logo, the page, and a bottom bar when logged in. */
export function DefaultLayout() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const { overlays, menuButton } = useMenu();
  return (
    <div className="sh-layout sh-layout--default">
      <header className="sh-topbar">
        {menuButton('sh-icon-button')}
        <Logo />
      </header>
      <main className="sh-main">
        <Outlet />
      </main>
      {loggedIn ? <BottomBar /> : null}
      {overlays}
    </div>
  );
}

/**
 * Full-screen map page with a floating menu button, the logo, and the bottom bar. The menu
 * button comes first, as in the top bar of every other page: help (the menu's "Call us") is
 * reached in the same order everywhere (WCAG 3.2.6), and Tab meets it where it is seen.
 */
export function MapLayout() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const { overlays, menuButton } = useMenu();
  return (
    <div className="sh-layout sh-layout--map">
      <div className="sh-floating">
        {menuButton('sh-icon-button sh-icon-button--floating')}
        <Logo />
      </div>
      <main className="sh-main sh-main--map">
        <Outlet />
      </main>
      {loggedIn ? <BottomBar /> : null}
      {overlays}
    </div>
  );
}

/** Logo and name only. */
export function MaintenanceLayout() {
  const settings = useAtomValue(settingsAtom);
  return (
    <div className="sh-layout sh-layout--maintenance">
      <header className="sh-topbar sh-topbar--center">
        <Logo linked={false} />
        {settings?.corp_logo ? <span className="sh-logo__name">{settings.corp}</span> : null}
      </header>
      <main className="sh-main">
        <Outlet />
      </main>
    </div>
  );
}
