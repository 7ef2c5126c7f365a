import { type ComponentProps, type ComponentType, lazy } from 'react';

/**
 * React.lazy keeps a failed load for good: a chunk that could not load offline would fail every
 * later render, online again or not. `retryIfFailed`, called from an effect of a mounted parent
 * (after the screen's Retry, say) or as a parent mounts afresh, makes the next render load again.
 * Not from the failing render itself: React renders a suspended component again when its load
 * fails, which would loop.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function lazyRetrying<Loaded extends ComponentType<any>>(
  load: () => Promise<{ default: Loaded }>,
) {
  let failed = false;
  const attempt = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
  let current = attempt();
  function Retrying(props: ComponentProps<Loaded>) {
    const Component = current;
    return <Component {...props} />;
  }
  Retrying.retryIfFailed = () => {
    if (!failed) return;
    failed = false;
    current = attempt();
  };
  return Retrying;
}
