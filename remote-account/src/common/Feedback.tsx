import type { ReactNode } from 'react';

/**
 * A line under a form that is announced when it appears: an error (alert) or good news
 * (status). Nothing when there is nothing to say.
 */
export function Feedback({
  tone,
  id,
  children,
}: {
  tone: 'error' | 'ok';
  id?: string;
  children: ReactNode;
}) {
  if (!children) return null;
  return (
    <p
      id={id}
      className={`ac-feedback ac-feedback--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </p>
  );
}
