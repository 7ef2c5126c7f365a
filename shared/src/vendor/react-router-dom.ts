// What the app uses of React Router, provided to every part as the `react-router-dom`
// singleton. A shared module cannot be tree-shaken (the whole package is 61 kB gzip);
// this surface is. tooling/shared-surface.test.js checks every import in the repo against it.
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  createBrowserRouter,
  createMemoryRouter,
  generatePath,
  matchPath,
  useHref,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
