import {
  api,
  isApiError,
  refreshActiveOrders,
  sessionStore,
  setClientData,
  signIn,
  signOut,
  tokenAtom,
  type ClientData,
} from '@taxi/shared';
import type { TokenCheck } from './guard';

/** At start, a stored token is checked with GET_AUTH (which also refreshes it). */
export async function checkStoredToken(): Promise<TokenCheck> {
  if (!sessionStore.get(tokenAtom)) return 'none';
  try {
    signIn(await api.get('GET_AUTH'));
    return 'valid';
  } catch (error) {
    // An ERR reply means the token is dead; a network failure does not say so.
    if (isApiError(error) && error.code !== 'CONNECTION_ERROR') {
      signOut();
      return 'rejected';
    }
    return 'unreachable';
  }
}

/** What a logged-in passenger's pages read: client data and active orders. */
export async function loadClient(): Promise<void> {
  const [client] = await Promise.allSettled([api.get('GET_CLIENT'), refreshActiveOrders()]);
  if (client.status === 'fulfilled' && client.value.client_data) {
    setClientData(client.value.client_data as ClientData);
  }
}
