import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, reportError, Spinner, SCREEN_PATHS } from '@taxi/shared';
import type { RemoteName } from '../routes/routeTable';
import {
  bucketOf,
  forgetRemote,
  loadedRelease,
  loadScreen,
  ScreenNotYetAvailable,
} from './registry';

// One lazy component per screen, so revisiting a route does not suspend again.
const screens = new Map<string, ComponentType>();

function lazyScreen(remote: RemoteName, module: string): ComponentType {
  const key = `${remote}/${module}`;
  let screen = screens.get(key);
  if (!screen) {
    screen = lazy(() =>
      loadScreen(remote, module).then((Component) => ({
        // Which release drew the screen and whether it is a canary, for support and the tests.
        default: () => (
          <div
            className="sh-remote"
            data-remote={remote}
            data-release={loadedRelease(remote)}
            data-bucket={bucketOf(remote)}
          >
            <Component />
          </div>
        ),
      })),
    );
    screens.set(key, screen);
  }
  return screen;
}

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className="tx-page tx-notice" aria-labelledby="remote-unavailable-title">
      <h1 id="remote-unavailable-title">{t('remote.unavailable_title')}</h1>
      <p>{t('remote.unavailable_message')}</p>
      <Button onClick={onRetry}>{t('common:common.retry')}</Button>
    </section>
  );
}

export function NotYetAvailable() {
  const { t } = useTranslation('shell');
  return (
    <section className="tx-page tx-notice" aria-labelledby="not-yet-title">
      <h1 id="not-yet-title">{t('remote.not_yet_title')}</h1>
      <p>{t('remote.not_yet_message')}</p>
      <Link className="tx-button tx-button--secondary" to={SCREEN_PATHS.Home}>
        {t('remote.home')}
      </Link>
    </section>
  );
}

interface BoundaryProps {
  remote: RemoteName;
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
}

class ScreenBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof ScreenNotYetAvailable) return;
    const { remote } = this.props;
    void reportError({
      message: error instanceof Error ? error.message : String(error),
      error: error instanceof Error ? (error.stack ?? error.name) : String(error),
      part: remote,
      release: loadedRelease(remote),
    });
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** Renders a remote's screen; a remote that fails to load or render shows 'unavailable' with Retry. */
export function RemoteScreen({ remote, module }: { remote: RemoteName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  const Screen = lazyScreen(remote, module);
  const retry = () => {
    screens.delete(`${remote}/${module}`);
    forgetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <ScreenBoundary
      remote={remote}
      key={`${remote}/${module}#${attempt}`}
      fallback={(error) =>
        error instanceof ScreenNotYetAvailable ? (
          <NotYetAvailable />
        ) : (
          <RemoteUnavailable onRetry={retry} />
        )
      }
    >
      <Suspense fallback={<Spinner />}>
        <Screen />
      </Suspense>
    </ScreenBoundary>
  );
}
