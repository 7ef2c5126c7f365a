import { SCREEN_PATHS, type TokenCheck } from '@taxi/shared';
import { HASH_REDIRECTS, isPublicPath } from '../routes/routeTable';

/**
 * Where the first load goes (spec section 4, "Session guard"):
 * a valid token sends non-public destinations to Home while public ones stay;
 * a failed check goes to Auth (which offers to try the check again or to log in anew when
 * the server could not be reached); no token on a non-public route goes to Auth.
 * The login page itself is sent Home when the token is valid (nothing to log in to).
 */
export function startupDestination(pathname: string, check: TokenCheck): string {
  const isPublic = isPublicPath(pathname);
  switch (check) {
    case 'valid':
      return isPublic && pathname !== SCREEN_PATHS.Auth ? pathname : SCREEN_PATHS.Home;
    case 'rejected':
    case 'unreachable':
      return isPublic ? pathname : SCREEN_PATHS.Auth;
    case 'none':
      return isPublic ? pathname : SCREEN_PATHS.Auth;
  }
}

/** The page a start-up hash (#privacy, #regulations ...) opens, if it names one. */
export function hashDestination(hash: string): string | undefined {
  return HASH_REDIRECTS[hash.replace(/^#/, '').toLowerCase()];
}

/** Where the logo leads. */
export function logoDestination(loggedIn: boolean): string {
  return loggedIn ? SCREEN_PATHS.Home : SCREEN_PATHS.Auth;
}
