import { SETTINGS_DEFAULTS, type Settings, type TilePictures } from '@taxi/contract';

function isTilePictures(value: unknown): value is TilePictures {
  const { template, bounds } = (value ?? {}) as Partial<TilePictures>;
  return (
    typeof template === 'string' &&
    Array.isArray(bounds) &&
    bounds.length === 4 &&
    bounds.every((edge) => typeof edge === 'number' && Number.isFinite(edge))
  );
}

/** The fields whose default (null) does not tell the kind of value they take. */
const NULLABLE: Partial<Record<keyof Settings, (value: unknown) => boolean>> = {
  taxi_group_id: (value) => typeof value === 'number',
  tile_pictures: isTilePictures,
};

/** Fills in defaults and drops values of the wrong type, so a sloppy file cannot crash the app. */
export function normaliseSettings(raw: unknown): Settings {
  if (!raw || typeof raw !== 'object') throw new TypeError('settings: not an object');
  const input = raw as Record<string, unknown>;
  const out: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const [key, fallback] of Object.entries(SETTINGS_DEFAULTS)) {
    const value = input[key];
    if (value === undefined) continue;
    const nullable = NULLABLE[key as keyof Settings];
    const sameKind = nullable
      ? value === null || nullable(value)
      : Array.isArray(fallback)
        ? Array.isArray(value)
        : typeof value === typeof fallback;
    if (sameKind) out[key] = value;
  }
  return out as unknown as Settings;
}
