import { SETTINGS_DEFAULTS, type Settings } from '@taxi/contract';

/** Fills in defaults and drops values of the wrong type, so a sloppy file cannot crash the app. */
export function normaliseSettings(raw: unknown): Settings {
  if (!raw || typeof raw !== 'object') throw new TypeError('settings: not an object');
  const input = raw as Record<string, unknown>;
  const out: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const [key, fallback] of Object.entries(SETTINGS_DEFAULTS)) {
    const value = input[key];
    if (value === undefined) continue;
    const sameKind =
      fallback === null
        ? value === null || typeof value === 'number'
        : Array.isArray(fallback)
          ? Array.isArray(value)
          : typeof value === typeof fallback;
    if (sameKind) out[key] = value;
  }
  return out as unknown as Settings;
}
