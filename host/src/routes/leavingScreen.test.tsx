import { act, render, screen, waitFor } from '@testing-library/react';
import {
  Outlet,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useNavigate,
  type RouteObject,
} from 'react-router-dom';
import { ScreenSlots } from './leavingScreen';

const renders: Record<string, number> = {};

/** A screen as remotes write them: it follows the router (and so would render on a move). */
function Screen({ name }: { name: string }) {
  useNavigate();
  useLocation();
  renders[name] = (renders[name] ?? 0) + 1;
  return <h1>{name}</h1>;
}

function Layout({ name }: { name: string }) {
  return (
    <main aria-label={name}>
      <Outlet />
    </main>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout name="Map" />,
    children: [{ path: '/', element: <Screen name="Home" /> }],
  },
  {
    element: <Layout name="Page" />,
    children: [
      { path: '/summary/', element: <Screen name="Order summary" /> },
      { path: '/success/', element: <Screen name="Ordered" /> },
    ],
  },
];

function renderAt(path: string) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  render(
    <HistoryRouter history={history} useTransitions={false}>
      <ScreenSlots routes={routes} />
    </HistoryRouter>,
  );
  return history;
}

beforeEach(() => {
  for (const name of Object.keys(renders)) delete renders[name];
});

test('a screen of another layout stays, unseen and inert, until the next one has been painted', async () => {
  const history = renderAt('/');
  expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  const homeRenders = renders.Home;

  act(() => history.push('/summary/'));
  expect(screen.getByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
  // Still on the page for this frame, but out of reach: no reader, focus or tap gets to it.
  expect(screen.queryByRole('heading', { name: 'Home' })).not.toBeInTheDocument();
  const left = screen.getByRole('heading', { name: 'Home', hidden: true });
  expect(left.closest('[inert]')).not.toBeNull();
  // Nothing in it rendered again (a map in it would have been updated in the tap's time).
  expect(renders.Home).toBe(homeRenders);

  await waitFor(() =>
    expect(screen.queryByRole('heading', { name: 'Home', hidden: true })).not.toBeInTheDocument(),
  );
  expect(renders.Home).toBe(homeRenders);
});

test('within one layout the screen changes in place', () => {
  const history = renderAt('/summary/');
  const page = screen.getByRole('main', { name: 'Page' });

  act(() => history.push('/success/'));
  expect(screen.getByRole('heading', { name: 'Ordered' })).toBeInTheDocument();
  expect(
    screen.queryByRole('heading', { name: 'Order summary', hidden: true }),
  ).not.toBeInTheDocument();
  expect(screen.getByRole('main', { name: 'Page' })).toBe(page);
});

test('a screen moving back to the layout just left is shown again at once', () => {
  const history = renderAt('/');
  act(() => history.push('/summary/'));
  act(() => history.go(-1));
  expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Order summary' })).not.toBeInTheDocument();
});
