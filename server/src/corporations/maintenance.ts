import { ApiFailure } from '../base/errors.ts';
import type { Corporation } from './directory.ts';

/**
 * Ordering through the app stops while the corporation is in maintenance (spec section 1): the
 * server refuses a price or an order itself, so an app started from a kept copy of the settings,
 * or an old tab, cannot order. The app answers ACTION_NOT_ALLOWED by reading the settings again
 * and showing the apology page.
 */
export function refuseInMaintenance(corporation: Corporation): void {
  if (corporation.settings.maintenance === true)
    throw new ApiFailure('ACTION_NOT_ALLOWED', 'Ordering is not possible during maintenance');
}
