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
  tokenAtom,
} from '@taxi/shared';
import { shellTexts } from './i18n/texts';
import { loadSettings } from './settings/loadSettings';
import { applyBranding, applyPreferences } from './settings/branding';
import { keepSkeletonLogo } from './layout/skeletonLogo';
import { SettingsError } from './settings/SettingsError';
import { fetchRegistry, preloadScreenOf, registerRegistry } from './remotes/registry';
import { hashDestination, startupDestination } from './session/guard';
import { confirmKeptSession, keptSession } from './session/keptSession';
import { AppRouter, createAppHistory } from './routes/createAppRouter';
import { reportUncaughtErrors } from './errors/reporting';
import { offerEarlyTracking } from './settings/early';
import './layout/shell.css';

async function start(root: HTMLElement) {
  keepSkeletonLogo(root);
  initI18n();
  addTranslations('shell', shellTexts);
  applyPreferences(sessionStore.get(preferencesAtom));
  reportUncaughtErrors();
  offerEarlyTracking();
  const app = createRoot(root);

  // Settings, the registry and (offline only) the token check travel in parallel; the screen
  // the first load will most likely show starts downloading as soon as the registry is known.
  const kept = keptSession();
  const likelyDestination =
    hashDestination(location.hash) ??
    startupDestination(location.pathname, sessionStore.get(tokenAtom) ? 'valid' : 'none');
  const registry = fetchRegistry()
    .catch(() => ({ entries: {}, versions: {} }))
    .then((remotes) => {
      // Without a registry every remote route shows 'unavailable'; the shell still works.
      registerRegistry(remotes);
      preloadScreenOf(likelyDestination);
    });
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
  const firstDestination =
    hashDestination(location.hash) ?? startupDestination(location.pathname, check);
  if (firstDestination !== location.pathname || location.hash) {
    const keepQuery = firstDestination === location.pathname ? location.search : '';
    history.replaceState(null, '', firstDestination + keepQuery);
  }

  const appHistory = createAppHistory();
  app.render(
    <StrictMode>
      <Provider store={sessionStore}>
        <AppRouter history={appHistory} />
      </Provider>
    </StrictMode>,
  );
  if (check === 'valid' && !confirmed) void confirmKeptSession(appHistory);
}

void start(document.getElementById('root')!);
