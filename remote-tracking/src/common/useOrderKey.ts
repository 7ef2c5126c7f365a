import { type OrderKey } from '@taxi/shared';
import { useParams, useSearchParams } from 'react-router-dom';

/** The order of /t/{o}/{p} and /r/{o}/{p}; null when a part is missing. */
export function usePathOrderKey(): OrderKey | null {
  const { o, p } = useParams();
  return o && p ? { shortId: o, secret: p } : null;
}

/** The order of /track/?o=&p= and /rate/?o=&p=; null when a part is missing. */
export function useQueryOrderKey(): OrderKey | null {
  const [query] = useSearchParams();
  const shortId = query.get('o')?.trim();
  const secret = query.get('p')?.trim();
  return shortId && secret ? { shortId, secret } : null;
}
