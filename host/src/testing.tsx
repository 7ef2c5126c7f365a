import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import {
  activeOrdersAtom,
  addTranslations,
  initI18n,
  normaliseSettings,
  phoneAtom,
  sessionStore,
  settingsAtom,
  tokenAtom,
  type OpenableOrder,
  type Settings,
} from '@taxi/shared';
import { fakeApi, type Answers } from '@taxi/shared/testing';
import { shellTexts } from './i18n/texts';
import { AppRouter } from './routes/createAppRouter';

export interface AppOptions {
  settings?: Partial<Settings>;
  token?: string | null;
  phone?: string | null;
  activeOrders?: OpenableOrder[];
  language?: 'pl' | 'en';
  /** The server's answers; an action without one is refused. */
  answers?: Answers;
}

/** The whole shell at a URL, with the one store, the real route table and the fake API. */
export function renderApp(path: string, options: AppOptions = {}) {
  const api = fakeApi(options.answers);
  initI18n(options.language ?? 'en');
  addTranslations('shell', shellTexts);
  sessionStore.set(
    settingsAtom,
    normaliseSettings({
      corp: 'Test Taxi',
      call_us_data: [{ phone: '+48221234567', owner: 'Dispatch' }],
      corp_links: [{ name: 'test-taxi.example', url: 'https://test-taxi.example' }],
      ...options.settings,
    }),
  );
  sessionStore.set(tokenAtom, options.token ?? null);
  sessionStore.set(phoneAtom, options.phone ?? null);
  sessionStore.set(activeOrdersAtom, options.activeOrders ?? []);
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const result = render(
    <Provider store={sessionStore}>
      <AppRouter history={history} />
    </Provider>,
  );
  return { ...result, history, api };
}
