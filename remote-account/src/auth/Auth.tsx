import { useEffect, useReducer, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import {
  addTranslations,
  api,
  isLoggedInAtom,
  loadClient,
  logOut,
  signIn,
  tokenCheckAtom,
  SCREEN_PATHS,
} from '@taxi/shared';
import { CodeForm, preloadPhoneField } from '../phone';
import { useAccountTexts } from '../common/useAccountTexts';
import { authReducer, initialAuth } from './authSteps';
import { ConsentStep } from './ConsentStep';
import { PhoneStep, sendLoginCode } from './PhoneStep';
import { ServerUnreachable } from './ServerUnreachable';
import texts from './texts.json';
import '../account.css';

addTranslations('account', texts);

/**
 * Logs in with the code: keeps the token, features and client data, then goes Home. Without
 * the client data the token is still good; the profile loads it again when it is opened.
 */
async function logIn(phone: string, secret: string) {
  signIn(await api.get('GET_AUTH_PHONE', { phone, secret }));
  await loadClient();
}

/** Phone login in three steps (spec section 4): consent, phone number, SMS code. */
export default function Auth() {
  const { t } = useAccountTexts();
  const navigate = useNavigate();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const check = useAtomValue(tokenCheckAtom);
  // Only a passenger who arrives logged in is sent on; logging in here navigates by itself.
  // A token the server could not confirm is neither: the passenger chooses (ServerUnreachable).
  const [arrival] = useState(loggedIn ? (check === 'unreachable' ? 'unconfirmed' : 'in') : 'out');
  const [unconfirmed, setUnconfirmed] = useState(arrival === 'unconfirmed');
  const [state, dispatch] = useReducer(authReducer, initialAuth);
  const { step, phone } = state;
  const e164 = phone.check.e164;

  useEffect(preloadPhoneField, []);

  if (arrival === 'in') return <Navigate to={SCREEN_PATHS.Home} replace />;
  if (unconfirmed) {
    return (
      <ServerUnreachable
        onLogIn={() => {
          logOut();
          setUnconfirmed(false);
        }}
      />
    );
  }
  return (
    <section className="tx-page ac-page ac-auth" aria-labelledby="ac-auth-title">
      <h1 id="ac-auth-title">{t('client.auth.title')}</h1>
      <p className="ac-steps">{t('client.auth.step', { step, total: 3 })}</p>
      <div className="tx-card ac-card">
        {step === 1 ? (
          <ConsentStep
            consent={state.consent}
            autoFocus={state.returned}
            onConsent={(value) => dispatch({ type: 'consent', value })}
            onNext={() => dispatch({ type: 'next' })}
          />
        ) : null}
        {step === 2 ? (
          <PhoneStep
            phone={phone}
            onPhone={(value) => dispatch({ type: 'phone', value })}
            onSent={() => dispatch({ type: 'codeSent' })}
            onCancel={() => dispatch({ type: 'cancelPhone' })}
          />
        ) : null}
        {step === 3 && e164 ? (
          <>
            <h2 className="ac-step-title">{t('client.auth.code_title')}</h2>
            <CodeForm
              sentTo={phone.check.formatted ?? e164}
              onSubmit={async (code) => {
                await logIn(e164, code);
                navigate(SCREEN_PATHS.Home, { replace: true });
              }}
              onResend={() => sendLoginCode(e164)}
              onCancel={() => dispatch({ type: 'cancelCode' })}
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
