import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isLoggedInAtom, settingsAtom } from '@taxi/shared';
import { logoDestination } from '../session/guard';
import { logoSource } from './skeletonLogo';

/** The corporation's logo; leads Home with a token, otherwise to Auth. */
export function Logo({ linked = true }: { linked?: boolean }) {
  const { t } = useTranslation('shell');
  const settings = useAtomValue(settingsAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const image = settings?.corp_logo ? (
    <img className="sh-logo__image" src={logoSource(settings.corp_logo)} alt={settings.corp} />
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
