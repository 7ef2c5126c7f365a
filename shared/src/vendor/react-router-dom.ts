// What the app uses of React Router, provided to every part as the `react-router-dom`
// singleton. A shared module cannot be tree-shaken (the whole package is 61 kB gzip);
// this surface is. surface.test.ts checks every import in the repo against it.
// Routing is declarative (a history and useRoutes): the app loads no data, so the data
// router (loaders, actions, fetchers, revalidation: ~14 kB Brotli) would be dead weight.
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  UNSAFE_LocationContext,
  UNSAFE_createBrowserHistory,
  generatePath,
  matchRoutes,
  matchPath,
  unstable_HistoryRouter,
  useHref,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
