import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isLoggedInAtom, settingsAtom } from '@taxi/shared';
import { logoDestination } from '../session/guard';
import { logoPicture } from './logoPicture';

/** The corporation's logo; leads Home with a token, otherwise to Auth. */
export function Logo({ linked = true }: { linked?: boolean }) {
  const { t } = useTranslation('shell');
  const settings = useAtomValue(settingsAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const image = settings?.corp_logo ? (
    <LogoPicture url={settings.corp_logo} name={settings.corp} />
  ) : (
    <span className="sh-logo__name">{settings?.corp}</span>
  );
  if (!linked) return <span className="sh-logo">{image}</span>;
  return (
    <Link
      className="sh-logo"
      to={logoDestination(loggedIn)}
      aria-label={`${settings?.corp ?? ''}: ${t(loggedIn ? 'logo.home' : 'logo.login')}`}
    >
      {image}
    </Link>
  );
}

/** Holds the logo's one picture while this bar is shown (see logoPicture). */
function LogoPicture({ url, name }: { url: string; name: string }) {
  const hold = useCallback(
    (holder: HTMLSpanElement | null) => holder?.replaceChildren(logoPicture(url, name)),
    [url, name],
  );
  return <span className="sh-logo__picture" ref={hold} />;
}
