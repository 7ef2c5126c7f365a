import { useEffect, useState } from 'react';
import {
  ADDRESS_SEARCH_DEBOUNCE_MS,
  ADDRESS_SEARCH_MIN_CHARS,
  type StreetSearchResult,
} from '@taxi/shared';
import { searchAddresses } from '../common/calls';

export type SearchState =
  | { status: 'short' }
  | { status: 'waiting' }
  | { status: 'done'; results: StreetSearchResult[] }
  | { status: 'failed' };

/**
 * POI_QUERY for what the passenger types: nothing under 3 characters, and only once typing
 * has paused for 500 ms (spec sections 5 and 9). A reply to an older query is dropped.
 */
export function useAddressSearch(query: string): SearchState {
  const text = query.trim();
  const long = text.length >= ADDRESS_SEARCH_MIN_CHARS;
  const [state, setState] = useState<SearchState>({ status: 'short' });

  useEffect(() => {
    if (!long) {
      setState({ status: 'short' });
      return;
    }
    let current = true;
    setState({ status: 'waiting' });
    const timer = setTimeout(() => {
      searchAddresses(text).then(
        (results) => current && setState({ status: 'done', results }),
        () => current && setState({ status: 'failed' }),
      );
    }, ADDRESS_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, long]);

  return state;
}
