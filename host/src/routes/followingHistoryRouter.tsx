import { type ReactNode, useLayoutEffect, useState } from 'react';
import { type HistoryRouterProps, type Location, Router } from 'react-router-dom';

type History = HistoryRouterProps['history'];

/** The same entry of the history (its `location` is a new object at every read). */
function sameEntry(a: Location, b: Location): boolean {
  return a.key === b.key && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

/**
 * react-router's unstable_HistoryRouter, but one that follows a move of its history made before
 * it listens. That router reads the address when it first renders and subscribes only when it
 * commits; the first screen renders in slices (renderInSlices), and the start's token check can
 * move the passenger to Auth meanwhile (confirmKeptSession), a move it never saw: the address
 * said /auth/ while Home stayed drawn.
 */
export function FollowingHistoryRouter({
  history,
  children,
}: {
  history: History;
  children: ReactNode;
}) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => {
    const stop = history.listen(({ action, location }) => setState({ action, location }));
    const now = history.location;
    setState((seen) =>
      sameEntry(seen.location, now) ? seen : { action: history.action, location: now },
    );
    return stop;
  }, [history]);
  return (
    // A navigation renders at once, not as a transition: the tapped screen (or its spinner)
    // is the next frame, and the screen left stops there (hidden, its map drawing no more; see
    // leavingScreen.tsx) instead of drawing on until the next screen is ready (INP).
    <Router
      location={state.location}
      navigationType={state.action}
      navigator={history}
      useTransitions={false}
    >
      {children}
    </Router>
  );
}
