import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import {
  Navigate,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  type HistoryRouterProps,
  type RouteObject,
} from 'react-router-dom';
import {
  AlertDialog,
  isLoggedInAtom,
  preferencesAtom,
  settingsAtom,
  SCREEN_PATHS,
} from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { DefaultLayout, MapLayout, MaintenanceLayout } from '../layout/layouts';
import { RemoteScreen } from '../remotes/RemoteScreen';
import { applyPreferences } from '../settings/branding';
import { uncaughtErrorAtom } from '../errors/reporting';
import { ScreenSlots } from './leavingScreen';
import { nextModules, ROUTE_TABLE, type LayoutName, type RouteRow } from './routeTable';

// Shown only while the maintenance flag is on: its code is not the first screens'.
const Maintenance = lazy(() =>
  import(/* webpackChunkName: "maintenance" */ '../maintenance/Maintenance').then((module) => ({
    default: module.Maintenance,
  })),
);

/** What is true of every page: maintenance mode, preferences, the uncaught-error alert. */
function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const settings = useAtomValue(settingsAtom);
  const preferences = useAtomValue(preferencesAtom);
  const [uncaught, setUncaught] = useAtom(uncaughtErrorAtom);

  useEffect(() => applyPreferences(preferences), [preferences]);

  const inMaintenance =
    pathname === SCREEN_PATHS.Maintenance || pathname === SCREEN_PATHS.Maintenance.slice(0, -1);
  if (settings?.maintenance && !inMaintenance)
    return <Navigate to={SCREEN_PATHS.Maintenance} replace />;
  if (!settings?.maintenance && inMaintenance) return <Navigate to={SCREEN_PATHS.Home} replace />;
  return (
    <>
      {children}
      {uncaught ? (
        <AlertDialog message={t('uncaught_error')} onClose={() => setUncaught(false)} />
      ) : null}
    </>
  );
}

/** A route of the table: non-public ones need a token, at any time. */
function TableRoute({ row }: { row: RouteRow }) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const next = useMemo(() => nextModules(row), [row]);
  if (!row.public && !loggedIn) return <Navigate to={SCREEN_PATHS.Auth} replace />;
  if (!row.remote || !row.module) return null;
  return <RemoteScreen remote={row.remote} module={row.module} next={next} />;
}

function routesOf(layout: LayoutName): RouteObject[] {
  return ROUTE_TABLE.filter((row) => row.layout === layout).map((row) => ({
    path: row.path,
    element: <TableRoute row={row} />,
  }));
}

/** The route objects of the page, built from the route table: one top route per layout. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <MaintenanceLayout />,
      children: [
        {
          path: SCREEN_PATHS.Maintenance,
          element: (
            <Suspense>
              <Maintenance />
            </Suspense>
          ),
        },
      ],
    },
    { element: <DefaultLayout />, children: routesOf('default') },
    { element: <MapLayout />, children: routesOf('map') },
    { path: '*', element: <Navigate to={SCREEN_PATHS.Home} replace /> },
  ];
}

export type AppHistory = HistoryRouterProps['history'];

/**
 * `history`, but a move asked before the router listens is made once it does. The router reads
 * the address as its first render starts and listens only when that render commits, slices
 * later (renderInSlices): the start's token check can fail meanwhile (confirmKeptSession), and
 * its move would change the address but not the screen.
 */
export function movedOnceListened(history: AppHistory): AppHistory {
  const { listen, replace } = history;
  const held: Parameters<typeof replace>[] = [];
  history.replace = (...move) => void held.push(move);
  history.listen = (listener) => {
    const stop = listen(listener);
    history.replace = replace;
    for (const move of held.splice(0)) replace(...move);
    return stop;
  };
  return history;
}

/** The page's history: the router follows it, and the start can move the passenger with it. */
export function createAppHistory(): AppHistory {
  return movedOnceListened(createBrowserHistory({ v5Compat: true }));
}

function AppRoutes() {
  const routes = useMemo(appRoutes, []);
  return (
    <Shell>
      <ScreenSlots routes={routes} />
    </Shell>
  );
}

/** The app's routes on `history` (declarative routing: no screen loads data through it). */
export function AppRouter({ history }: { history: AppHistory }) {
  return (
    // A navigation renders at once, not as a transition: the tapped screen (or its spinner)
    // is the next frame, and the screen left stops there (hidden, its map drawing no more; see
    // leavingScreen.tsx) instead of drawing on until the next screen is ready.
    <HistoryRouter history={history} useTransitions={false}>
      <AppRoutes />
    </HistoryRouter>
  );
}
