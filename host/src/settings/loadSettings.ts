import { readSettings, settingsUrl, type Settings } from '@taxi/shared';
import { takeEarly } from './early';

/** GET settings.json with a time stamp and the hostname (spec section 7). */
export async function loadSettings(hostname = location.hostname): Promise<Settings> {
  return readSettings(
    await takeEarly('settings', () => fetch(settingsUrl(hostname), { cache: 'no-store' })),
  );
}
