import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { addTranslations, isLoggedInAtom, SCREEN_PATHS } from '@taxi/shared';
import { TextDocument } from '../common/TextDocument';
import { useLegal } from '../common/useLegal';
import texts from './texts.json';

addTranslations('legal', texts);

/** Public instructions for deleting the account; the deletion itself is on the Profile screen. */
export default function DeleteAccount() {
  const { text } = useLegal();
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <TextDocument name="deleteAccount">
      <p className="lg-actions">
        <Link
          className="tx-button tx-button--primary"
          to={loggedIn ? SCREEN_PATHS.Profile : SCREEN_PATHS.Auth}
        >
          {text(loggedIn ? 'deleteAccount.account' : 'deleteAccount.login')}
        </Link>
      </p>
    </TextDocument>
  );
}
