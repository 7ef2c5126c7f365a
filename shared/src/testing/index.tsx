// Test helpers for component tests of every package (never bundled into the app).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { initI18n } from '../i18n/i18n';
import type { Settings } from '@taxi/contract';
import { normaliseSettings } from '../model/settings';
import { PREFERENCES_DEFAULTS } from '../model/preferences';
import { clearDraftAtom } from '../order/draft';
import { signOut } from '../session/session';
import { preferencesAtom, sessionStore, settingsAtom, tokenAtom } from '../session/store';

export interface ScreenOptions {
  /** Settings fields for this test; the rest are the spec's defaults. */
  settings?: Partial<Settings>;
  language?: 'pl' | 'en';
  /** URL the screen is rendered at. */
  path?: string;
  /** Route pattern of the screen, e.g. '/t/:o/:p'. */
  routePath?: string;
  /** Other routes, to observe navigation. */
  routes?: RouteObject[];
  token?: string | null;
}

/**
 * Renders a screen as the host would: inside the one jotai store, the app's routing,
 * and i18n in the chosen language.
 */
export function renderScreen(screen: ReactElement, options: ScreenOptions = {}) {
  initI18n(options.language ?? 'en');
  sessionStore.set(settingsAtom, normaliseSettings({ corp: 'Test Taxi', ...options.settings }));
  sessionStore.set(tokenAtom, options.token ?? null);
  const path = options.path ?? '/';
  const routes = [{ path: options.routePath ?? path, element: screen }, ...(options.routes ?? [])];
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const result = render(
    <Provider store={sessionStore}>
      <HistoryRouter history={history}>
        <ScreenRoutes routes={routes} />
      </HistoryRouter>
    </Provider>,
  );
  return { ...result, history, store: sessionStore };
}

function ScreenRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** A fresh session for each test: nobody logged in, no draft, default preferences, nothing stored. */
export function resetSession(): void {
  signOut();
  sessionStore.set(clearDraftAtom);
  sessionStore.set(preferencesAtom, PREFERENCES_DEFAULTS);
  localStorage.clear();
}

export {
  deferred,
  fail,
  failUnlisted,
  fakeApi,
  offContract,
  offline,
  type ActionName,
  type Answer,
  type Answers,
  type ApiCall,
  type FakeApi,
  type Failure,
  type Handler,
  type OffContract,
  type Partly,
  type Reply,
  type RequestPayload,
} from './api';
export { advanceFrames, fakeAnimationFrames } from './frames';
export {
  installSocketStub,
  StubSocket,
  type ServerMessage,
  type ServerMessageOf,
  type SocketStub,
  type WireMessage,
} from './socket';
