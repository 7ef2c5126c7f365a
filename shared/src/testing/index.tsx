// Test helpers for component tests of every package (never bundled into the app).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { initI18n } from '../i18n/i18n';
import { normaliseSettings, type Settings } from '../model/settings';
import { sessionStore, settingsAtom, tokenAtom } from '../session/store';

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
 * Renders a screen as the host would: inside the one jotai store, a data router,
 * and i18n in the chosen language.
 */
export function renderScreen(screen: ReactElement, options: ScreenOptions = {}) {
  initI18n(options.language ?? 'en');
  sessionStore.set(settingsAtom, normaliseSettings({ corp: 'Test Taxi', ...options.settings }));
  sessionStore.set(tokenAtom, options.token ?? null);
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [{ path: options.routePath ?? path, element: screen }, ...(options.routes ?? [])],
    { initialEntries: [path] },
  );
  const result = render(
    <Provider store={sessionStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, router, store: sessionStore };
}

export {
  installSocketStub,
  StubSocket,
  type SocketStub,
  type WireMessage,
} from '../tracking/testing';
