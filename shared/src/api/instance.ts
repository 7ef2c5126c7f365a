import { createApiClient } from './client';
import { i18n } from '../i18n/i18n';
import { sessionStore, tokenAtom } from '../session/store';

/** The page's API client: token from the session store, language from i18n. */
export const api = createApiClient({
  getToken: () => sessionStore.get(tokenAtom),
  getLang: () => i18n.language || 'en',
});
