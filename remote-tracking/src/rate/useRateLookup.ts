import { useEffect, useState } from 'react';
import { type ApiErrorCode, isApiError, type OrderKey } from '@taxi/shared';
import { getRate, type Rating } from './calls';

export type RateLookup =
  | { status: 'waiting' }
  | { status: 'rated'; rating: Rating }
  | { status: 'unrated' }
  /** The short id or the secret is wrong. */
  | { status: 'missing'; code: ApiErrorCode }
  /** No answer (connection, server error): nothing is known. */
  | { status: 'failed' };

const MISSING_CODES: readonly ApiErrorCode[] = ['NOT_FOUND', 'ORDER_ACCESS_DENIED'];

/** GET_RATE for one order, asked `delayMs` after the screen starts (Track waits 1000 ms). */
export function useRateLookup(key: OrderKey | null, delayMs = 0): RateLookup {
  const [lookup, setLookup] = useState<RateLookup>({ status: 'waiting' });
  const shortId = key?.shortId;
  const secret = key?.secret;
  useEffect(() => {
    if (!shortId || !secret) return;
    let alive = true;
    setLookup({ status: 'waiting' });
    const timer = setTimeout(() => {
      getRate({ shortId, secret }).then(
        (rating) =>
          alive && setLookup(rating ? { status: 'rated', rating } : { status: 'unrated' }),
        (error: unknown) => {
          if (!alive) return;
          if (isApiError(error) && MISSING_CODES.includes(error.code)) {
            setLookup({ status: 'missing', code: error.code });
          } else setLookup({ status: 'failed' });
        },
      );
    }, delayMs);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [shortId, secret, delayMs]);
  return lookup;
}
