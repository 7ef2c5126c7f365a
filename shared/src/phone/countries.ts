import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { settingsAtom } from '../session/store';

/** Poland is the first country offered, and the one a national number is read in at first. */
export const FIRST_COUNTRY = 'PL';

/**
 * Countries whose numbers the corporation texts (settings `phone_countries`). In the main entry:
 * it needs no phone metadata, which `@taxi/shared/phone` loads on demand.
 */
export function useSupportedCountries(): readonly string[] {
  const listed = useAtomValue(settingsAtom)?.phone_countries;
  return useMemo(() => {
    const codes = Array.isArray(listed)
      ? listed.filter((code): code is string => typeof code === 'string' && /^[A-Z]{2}$/.test(code))
      : [];
    return codes.length > 0 ? codes : [FIRST_COUNTRY];
  }, [listed]);
}
