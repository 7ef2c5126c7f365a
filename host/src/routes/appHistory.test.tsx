import { act, render, screen } from '@testing-library/react';
import {
  Route,
  Routes,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router-dom';
import { movedOnceListened, type AppHistory } from './createAppRouter';

/** Home and Auth; Home moves the passenger to Auth the first time it renders if `moving`. */
function renderRoutes(history: AppHistory, moving: boolean) {
  let moved = !moving;
  function MovesWhileDrawn() {
    if (!moved) history.replace('/auth/');
    moved = true;
    return <h1>Order a taxi</h1>;
  }
  return render(
    <HistoryRouter history={history} useTransitions={false}>
      <Routes>
        <Route path="/" element={<MovesWhileDrawn />} />
        <Route path="/auth/" element={<h1>We could not reach the server</h1>} />
      </Routes>
    </HistoryRouter>,
  );
}

const historyAt = (path: string) =>
  movedOnceListened(createMemoryHistory({ initialEntries: [path], v5Compat: true }));

it("draws the screen of a move made after the router's first render began, before it listens", () => {
  const history = historyAt('/');
  // Home's first render is the router's: it has read the address, and listens once it commits.
  renderRoutes(history, true);
  expect(history.location.pathname).toBe('/auth/');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'We could not reach the server',
  );
});

it('makes the moves after it listens at once', () => {
  const history = historyAt('/');
  renderRoutes(history, false);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order a taxi');
  act(() => history.replace('/auth/'));
  expect(history.location.pathname).toBe('/auth/');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'We could not reach the server',
  );
});
