import {
  checkStoredToken,
  loadClient,
  sessionStore,
  tokenAtom,
  type TokenCheck,
} from '@taxi/shared';
import { startupDestination } from './guard';

/** The part of the page's history this needs: where the passenger is, and a way to move them. */
interface Navigator {
  location: { pathname: string };
  replace(to: string): void;
}

/**
 * What the start assumes of the device's token: none, or a kept one valid until its check
 * behind the screen (`confirmed` false). Offline the check fails at once, so the start waits
 * for it (`confirmed` true) and goes straight to Auth rather than show Home for a moment.
 */
export async function keptSession(): Promise<{ check: TokenCheck; confirmed: boolean }> {
  if (!sessionStore.get(tokenAtom)) return { check: 'none', confirmed: true };
  if (navigator.onLine) return { check: 'valid', confirmed: false };
  const check = await checkStoredToken().catch((): TokenCheck => 'unreachable');
  if (check === 'valid') void loadClient();
  return { check, confirmed: true };
}

/**
 * A kept token is taken for a valid one at start, so that Home opens without waiting for the
 * network; this checks it behind the screen (spec section 4, "Session guard"). Before the
 * answer Home shows only what needs no account: settings, the device's own preferences and
 * draft; the passenger's data and orders come from calls the server authorises on their own.
 * A token the server rejects is forgotten (the route guard then sends the passenger to Auth);
 * a check that cannot reach the server sends a non-public page to Auth, which offers to try
 * again, as a start without the worker would.
 */
export async function confirmKeptSession(history: Navigator): Promise<TokenCheck> {
  // The passenger's data travels with the check: the server answers it only for a live token.
  const client = loadClient().catch(() => undefined);
  const check = await checkStoredToken().catch((): TokenCheck => 'unreachable');
  if (check === 'valid') {
    await client;
    return check;
  }
  const { pathname } = history.location;
  const destination = startupDestination(pathname, check);
  if (destination !== pathname) history.replace(destination);
  return check;
}
