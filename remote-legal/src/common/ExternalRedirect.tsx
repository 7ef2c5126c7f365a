import { useEffect, type ReactNode } from 'react';
import { Spinner } from '@taxi/shared';
import { useLegal } from './useLegal';

/** A configured link worth leaving the app for: http(s) or relative, never `javascript:` and the like. */
export function externalUrl(link: string): string | null {
  const url = link.trim();
  if (!url) return null;
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Replaces the page with `url` (no history entry, so Back returns to where the visitor came from)
 * when the corporation configured one; shows `children`, the built-in page, otherwise.
 */
export function ExternalRedirect({ url, children }: { url: string; children: ReactNode }) {
  const { text } = useLegal();
  const target = externalUrl(url);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  if (!target) return children;
  return (
    <div className="tx-page tx-notice">
      <Spinner label={text('redirect.opening')} />
      <p>
        <a href={target}>{text('redirect.link')}</a>
      </p>
    </div>
  );
}
