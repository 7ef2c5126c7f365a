import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import {
  addTranslations,
  browserLanguages,
  detectLanguage,
  initI18n,
  preferencesAtom,
  sessionStore,
  settingsAtom,
  type TokenCheck,
} from '@taxi/shared';
import { shellTexts } from './i18n/texts';
import { loadSettings } from './settings/loadSettings';
import { applyBranding, applyPreferences } from './settings/branding';
import { whenQuiet } from './settings/whenQuiet';
import { keepSkeletonLogo } from './layout/logoPicture';
import { skeletonShown } from './layout/skeletonShown';
import { renderInSlices } from './layout/renderInSlices';
import { SettingsError } from './settings/SettingsError';
import { fetchRegistry, registerRegistry } from './remotes/registry';
import { warmFirstScreen } from './remotes/RemoteScreen';
import { hashDestination, startupDestination } from './session/guard';
import { confirmKeptSession, keptSession } from './session/keptSession';
import { AppRouter, createAppHistory } from './routes/createAppRouter';
import { reportUncaughtErrors } from './errors/reporting';
import { offerEarlyTracking } from './settings/early';
import { revealKeyboardFocus } from './layout/revealFocus';
import './layout/shell.css';

/** The longest the first render waits for its screen; the skeleton shows meanwhile. */
const FIRST_SCREEN_WAIT_MS = 3000;
/** The longest the first render waits for the browser to show the skeleton. */
const SKELETON_WAIT_MS = 1000;

/** Where the start goes: the address's hash route, or its path as the session guard allows. */
function firstDestinationOf(check: TokenCheck): string {
  return hashDestination(location.hash) ?? startupDestination(location.pathname, check);
}

async function start(root: HTMLElement) {
  keepSkeletonLogo(root);
  initI18n();
  addTranslations('shell', shellTexts);
  applyPreferences(sessionStore.get(preferencesAtom));
  reportUncaughtErrors();
  offerEarlyTracking();
  revealKeyboardFocus();
  const app = createRoot(root);

  // Settings, the registry and (offline only) the token check travel in parallel. The screen
  // the start goes to loads as soon as the registry and the token's fate are known, and the
  // first render waits for it (a little while at most), so that it draws the screen at once.
  const kept = keptSession();
  const registry = fetchRegistry()
    .catch(() => ({ entries: {}, versions: {} }))
    .then((remotes) => {
      // Without a registry every remote route shows 'unavailable'; the shell still works.
      registerRegistry(remotes);
    });
  const firstScreen = Promise.all([registry, kept]).then(([, { check }]) =>
    warmFirstScreen(firstDestinationOf(check), FIRST_SCREEN_WAIT_MS),
  );
  const [settings] = await Promise.allSettled([loadSettings(), registry]);
  if (settings.status === 'rejected') {
    app.render(<SettingsError />);
    return;
  }
  sessionStore.set(settingsAtom, settings.value);
  initI18n(
    detectLanguage(
      browserLanguages(),
      settings.value.locale_lang_list,
      settings.value.locale_lang_default,
    ),
  );
  applyBranding(settings.value);

  const { check, confirmed } = await kept;
  const firstDestination = firstDestinationOf(check);
  if (firstDestination !== location.pathname || location.hash) {
    const keepQuery = firstDestination === location.pathname ? location.search : '';
    history.replaceState(null, '', firstDestination + keepQuery);
  }

  // The skeleton, the server's texts, is what the passenger sees first (and the page's largest
  // paint); React's identical copy replaces it only once it has been shown.
  await Promise.all([firstScreen, skeletonShown(SKELETON_WAIT_MS)]);
  const appHistory = createAppHistory();
  renderInSlices(
    app,
    <StrictMode>
      <Provider store={sessionStore}>
        <AppRouter history={appHistory} />
      </Provider>
    </StrictMode>,
  );
  if (check === 'valid' && !confirmed) void confirmKeptSession(appHistory);
  // Loaded then: its bytes are not the first screen's.
  whenQuiet(
    () =>
      void import(/* webpackChunkName: "favicon" */ './settings/faviconPng')
        .then(({ keepFaviconAsPng }) => keepFaviconAsPng())
        .catch(() => undefined),
  );
}

void start(document.getElementById('root')!);
