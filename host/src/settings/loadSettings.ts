import { normaliseSettings, type Settings } from '@taxi/shared';
import { takeEarly } from './early';

/** GET settings.json with a time stamp and the hostname (spec section 7). */
export async function loadSettings(hostname = location.hostname): Promise<Settings> {
  const query = new URLSearchParams({ t: String(Date.now()), hostname });
  const response = await takeEarly('settings', () =>
    fetch(`/settings.json?${query}`, { cache: 'no-store' }),
  );
  if (!response.ok) throw new Error(`settings: HTTP ${response.status}`);
  return normaliseSettings(await response.json());
}
