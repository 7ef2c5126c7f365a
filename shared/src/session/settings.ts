import type { Settings, SettingsQuery } from '@taxi/contract';
import { isApiError } from '../api/errors';
import { normaliseSettings } from '../model/settings';
import { sessionStore, settingsAtom } from './store';

/** The settings.json address: a time stamp and the hostname (spec section 7). */
export function settingsUrl(hostname = location.hostname): string {
  const query: SettingsQuery & { t: string } = { t: String(Date.now()), hostname };
  return `/settings.json?${new URLSearchParams(query)}`;
}

/** The settings of a settings.json answer. */
export async function readSettings(response: Response): Promise<Settings> {
  if (!response.ok) throw new Error(`settings: HTTP ${response.status}`);
  return normaliseSettings(await response.json());
}

/**
 * After ORDER_SIM or ORDER_SAVE answered `error`: when it is ACTION_NOT_ALLOWED, the settings are
 * read again (the service worker asks the server first) and, if the corporation has gone into
 * maintenance, put in the store, where the shell's guard replaces the app with the apology page.
 * True when it did; otherwise the screen shows the error as it would.
 */
export async function showsMaintenance(error: unknown): Promise<boolean> {
  if (!isApiError(error) || error.code !== 'ACTION_NOT_ALLOWED') return false;
  try {
    const settings = await readSettings(await fetch(settingsUrl(), { cache: 'no-store' }));
    if (!settings.maintenance) return false;
    sessionStore.set(settingsAtom, settings);
    return true;
  } catch {
    return false;
  }
}
