import { useCallback, useState } from 'react';
import { errorMessage } from '@taxi/shared';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * One server call a form makes at a time: busy while it runs, and the section-8 catalogue
 * message of its failure (the form stays where it is).
 */
export function useRequest() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async <T>(task: () => Promise<T>): Promise<Outcome<T>> => {
    setBusy(true);
    setError(null);
    try {
      const value = await task();
      return { ok: true, value };
    } catch (caught) {
      setError(errorMessage(caught));
      return { ok: false, error: caught };
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, setError, run };
}
