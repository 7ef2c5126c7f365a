import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Spinner, SCREEN_PATHS, whenIdle } from '@taxi/shared';
import { findRoute, type RemoteName } from '../routes/routeTable';
import {
  bucketOf,
  forgetRemote,
  loadedRelease,
  loadScreen,
  ScreenNotYetAvailable,
} from './registry';
import { reportReleaseError } from './ticket';

// One component per screen, so revisiting a route does not suspend again.
const screens = new Map<string, ComponentType>();
// Screens loaded ahead of a tap (WarmNext): their first render does not suspend.
const warmed = new Map<string, ComponentType>();
/** The key of a screen in both maps. */
const screenKey = (remote: RemoteName, module: string) => `${remote}/${module}`;

/** The remote's component, marked with the release that drew it and whether it is a canary (support, tests). */
function marked(remote: RemoteName, Component: ComponentType): ComponentType {
  return function MarkedScreen() {
    return (
      <div
        className="sh-remote"
        data-remote={remote}
        data-release={loadedRelease(remote)}
        data-bucket={bucketOf(remote)}
      >
        <Component />
      </div>
    );
  };
}

function screenOf(remote: RemoteName, module: string): ComponentType {
  const key = screenKey(remote, module);
  let screen = screens.get(key);
  if (!screen) {
    const ready = warmed.get(key);
    screen = ready
      ? marked(remote, ready)
      : lazy(() =>
          loadScreen(remote, module).then((Component) => ({ default: marked(remote, Component) })),
        );
    screens.set(key, screen);
  }
  return screen;
}

/**
 * Loads a screen ahead of its first render, which then does not suspend. A failure is left to
 * the route's own load, which reports and shows it.
 */
function warmScreen(remote: RemoteName, module: string): Promise<void> {
  const key = screenKey(remote, module);
  if (screens.has(key) || warmed.has(key)) return Promise.resolve();
  return loadScreen(remote, module).then(
    (Component) => void warmed.set(key, Component),
    () => undefined,
  );
}

/**
 * Loads the screen a path shows, so that the app's first render draws it at once instead of a
 * spinner and a second render (the page's skeleton stays meanwhile). Resolves once it is loaded
 * or has failed, or after `withinMs`: then the route's own load takes over.
 */
export function warmFirstScreen(pathname: string, withinMs: number): Promise<void> {
  const row = findRoute(pathname);
  if (!row?.remote || !row.module) return Promise.resolve();
  const loaded = warmScreen(row.remote, row.module);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
  return Promise.race([loaded, late]).finally(() => clearTimeout(timer));
}

/** A remote module a route shows, as the route table names it. */
interface ScreenModule {
  remote: RemoteName;
  module: string;
}

/**
 * Loads the screens a passenger usually opens next (RouteRow.next) once the screen around it
 * is shown and the browser is idle: on 2G a screen's chunk is a 300 ms round trip or more after
 * the tap otherwise. A failure is left to the route's own load, which reports and shows it.
 */
function WarmNext({ next }: { next: readonly ScreenModule[] }) {
  useEffect(() => {
    if (next.length === 0) return;
    return whenIdle(() => {
      for (const { remote, module } of next) void warmScreen(remote, module);
    });
  }, [next]);
  return null;
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
    void reportReleaseError({
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
export function RemoteScreen({
  remote,
  module,
  next = [],
}: ScreenModule & { next?: readonly ScreenModule[] }) {
  const [attempt, setAttempt] = useState(0);
  const Screen = screenOf(remote, module);
  const retry = () => {
    screens.delete(screenKey(remote, module));
    warmed.delete(screenKey(remote, module));
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
        <WarmNext next={next} />
      </Suspense>
    </ScreenBoundary>
  );
}
