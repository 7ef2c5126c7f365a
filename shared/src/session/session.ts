import { isApiError } from '../api/errors';
import { api } from '../api/instance';
import type { ActiveOrder, ClientData, FeatureLists } from '@taxi/contract';
import {
  activeOrdersAtom,
  clientDataAtom,
  featuresAtom,
  phoneAtom,
  sessionStore,
  tokenAtom,
  type OpenableOrder,
  tokenCheckAtom,
  type TokenCheck,
} from './store';

/** The active-orders request under way, and when the list was last fetched. */
let ordersInFlight: Promise<OpenableOrder[]> | null = null;
let ordersFetchedAt = 0;

/** Keeps what an auth reply (GET_AUTH, GET_AUTH_PHONE) brings: token, features, categories. */
export function signIn(reply: { auth: string } & FeatureLists): void {
  if (typeof reply.auth !== 'string' || !reply.auth)
    throw new TypeError('auth reply without token');
  sessionStore.set(tokenAtom, reply.auth);
  sessionStore.set(tokenCheckAtom, 'valid');
  sessionStore.set(featuresAtom, {
    features: Array.isArray(reply.taxi_features) ? reply.taxi_features : [],
    categories: Array.isArray(reply.taxi_feature_category_list)
      ? reply.taxi_feature_category_list
      : [],
  });
}

export function setClientData(data: ClientData): void {
  sessionStore.set(clientDataAtom, data);
  sessionStore.set(phoneAtom, data.phone || null);
}

/** Forgets the passenger on this device: token and everything loaded with it. */
export function signOut(): void {
  sessionStore.set(tokenAtom, null);
  sessionStore.set(tokenCheckAtom, 'none');
  sessionStore.set(clientDataAtom, null);
  sessionStore.set(phoneAtom, null);
  sessionStore.set(featuresAtom, { features: [], categories: [] });
  sessionStore.set(activeOrdersAtom, []);
  ordersFetchedAt = 0;
}

/**
 * Checks the stored token with GET_AUTH (which also refreshes it), at start and on Auth's
 * Try again. An ERR reply means the token is dead: it is forgotten. No answer or an HTTP
 * error says nothing about it: it is kept, unconfirmed, so a flaky network never logs the
 * passenger out.
 */
export async function checkStoredToken(): Promise<TokenCheck> {
  if (!sessionStore.get(tokenAtom)) return 'none';
  let check: TokenCheck;
  try {
    signIn(await api.get('GET_AUTH'));
    return 'valid';
  } catch (error) {
    check = isApiError(error) && error.code !== 'CONNECTION_ERROR' ? 'rejected' : 'unreachable';
  }
  if (check === 'rejected') signOut();
  sessionStore.set(tokenCheckAtom, check);
  return check;
}

/** What a signed-in passenger's pages read: client data and active orders. */
export async function loadClient(): Promise<void> {
  const [client] = await Promise.allSettled([api.get('GET_CLIENT'), refreshActiveOrders()]);
  if (client.status === 'fulfilled' && client.value.client_data) {
    setClientData(client.value.client_data);
  }
}

/**
 * Logout: the passenger is forgotten on this device at once, and the token is ended on the
 * server in the background (a slow network never holds the passenger on the page).
 */
export function logOut(): void {
  const token = sessionStore.get(tokenAtom);
  signOut();
  if (token) void api.get('LOGOUT', { auth: token }).catch(() => undefined);
}

/**
 * GET_CURRENT_ORDERS into `activeOrdersAtom`. Callers at the same moment share one request (the
 * shell at start and Home on load); `maxAgeMs` accepts a list fetched that recently.
 */
export function refreshActiveOrders(options: { maxAgeMs?: number } = {}): Promise<OpenableOrder[]> {
  if (ordersInFlight) return ordersInFlight;
  if (options.maxAgeMs && Date.now() - ordersFetchedAt < options.maxAgeMs) {
    return Promise.resolve(sessionStore.get(activeOrdersAtom));
  }
  ordersInFlight = api
    .action('GET_CURRENT_ORDERS')
    .then((reply) => {
      // An entry without its track link could not be opened: it is left out.
      const orders = (Array.isArray(reply.data_list) ? reply.data_list : []).filter(
        (entry): entry is ActiveOrder & OpenableOrder =>
          !!entry &&
          typeof entry === 'object' &&
          typeof entry.track?.order_short_id === 'string' &&
          typeof entry.track?.secret === 'string',
      );
      sessionStore.set(activeOrdersAtom, orders);
      ordersFetchedAt = Date.now();
      return orders;
    })
    .finally(() => {
      ordersInFlight = null;
    });
  return ordersInFlight;
}
