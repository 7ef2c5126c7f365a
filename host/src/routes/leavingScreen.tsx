// A screen of another layout (the summary's page after Home's map) replaces the one a tap leaves
// in the tap's frame, and the one left goes in a task after that frame: removing Home (its
// layout, its map's markers, listeners and canvas) was inside the tap's latency (INP).
import { type ContextType, memo, useContext, useEffect, useState } from 'react';
import {
  matchRoutes,
  UNSAFE_LocationContext as LocationContext,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';

/** Where the router is (the location and how it got there), as its context hands it down. */
type RouterAt = ContextType<typeof LocationContext>;

/** A layout's screen on the page: where the router is for it, and which layout that shows. */
interface Slot {
  at: RouterAt;
  /** The index of the layout, a top route of the routes, that `at` shows. */
  layout: number;
}

interface Shown {
  current: Slot;
  /** The screen just left, kept unseen until the next screen has been painted. */
  leaving: Slot | null;
}

function slotAt(routes: RouteObject[], at: RouterAt): Slot {
  const top = matchRoutes(routes, at.location)?.[0]?.route;
  return { at, layout: top ? routes.indexOf(top) : -1 };
}

/**
 * Where to render: the current location and, until the frame after a move to another layout,
 * the one left. Within a layout its screens change in place, as before.
 */
function useLeavingScreen(routes: RouteObject[], at: RouterAt): Shown {
  const [shown, setShown] = useState<Shown>(() => ({ current: slotAt(routes, at), leaving: null }));
  let now = shown;
  if (shown.current.at !== at) {
    const current = slotAt(routes, at);
    const another = current.layout !== shown.current.layout;
    now = { current, leaving: another ? shown.current : null };
    // Adjusted while rendering, so the screen left is still in the tree this commit keeps.
    setShown(now);
  }
  useEffect(() => {
    if (!now.leaving) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs before the paint; a task it posts runs after that frame.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown((was) => ({ ...was, leaving: null })));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [now.leaving]);
  return now;
}

/**
 * What the routes render where its slot's context says the router is. The screen left keeps the
 * context it had, so nothing in it renders again while it waits to go.
 */
const RoutedScreen = memo(function RoutedScreen({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
});

/**
 * A layout and its screen. One left is unseen and inert: no focus, tap or reader reaches it, and
 * a map on it draws no more frames (shared/src/map/offScreen.ts).
 */
function ScreenSlot({
  routes,
  at,
  leaving,
}: {
  routes: RouteObject[];
  at: RouterAt;
  leaving: boolean;
}) {
  return (
    <div
      className={leaving ? 'sh-screen sh-screen--leaving' : 'sh-screen'}
      // React 18 knows no `inert`: an empty string sets the attribute as it is. aria-hidden
      // too, for what reads the page without `inert` (jsdom in the components' tests).
      {...(leaving ? { inert: '', 'aria-hidden': true } : {})}
    >
      <LocationContext.Provider value={at}>
        <RoutedScreen routes={routes} />
      </LocationContext.Provider>
    </div>
  );
}

/** The page's screens: the current one, and the one left until the current one is painted. */
export function ScreenSlots({ routes }: { routes: RouteObject[] }) {
  const { current, leaving } = useLeavingScreen(routes, useContext(LocationContext));
  return (
    <>
      {leaving ? <ScreenSlot key={leaving.layout} routes={routes} at={leaving.at} leaving /> : null}
      <ScreenSlot key={current.layout} routes={routes} at={current.at} leaving={false} />
    </>
  );
}
