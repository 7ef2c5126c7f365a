import { act, render, screen } from '@testing-library/react';
import { Route, Routes, UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { FollowingHistoryRouter } from './followingHistoryRouter';

/** A history that moves to `to` just before its first listener subscribes. */
function historyMovingBeforeListening(from: string, to: string) {
  const history = createMemoryHistory({ initialEntries: [from], v5Compat: true });
  const listen = history.listen.bind(history);
  let moved = false;
  history.listen = (listener) => {
    if (!moved) history.replace(to);
    moved = true;
    return listen(listener);
  };
  return history;
}

function renderAt(history: ReturnType<typeof createMemoryHistory>) {
  return render(
    <FollowingHistoryRouter history={history}>
      <Routes>
        <Route path="/" element={<h1>Order a taxi</h1>} />
        <Route path="/auth/" element={<h1>We could not reach the server</h1>} />
      </Routes>
    </FollowingHistoryRouter>,
  );
}

it("draws the screen of a move made after the router's first render, before it listens", () => {
  // The start's token check fails while the first screen renders: the address becomes /auth/.
  const history = historyMovingBeforeListening('/', '/auth/');
  renderAt(history);
  expect(history.location.pathname).toBe('/auth/');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'We could not reach the server',
  );
});

it('follows the moves after it listens, and stays where it is without one', () => {
  const history = createMemoryHistory({ initialEntries: ['/'], v5Compat: true });
  renderAt(history);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order a taxi');
  act(() => history.replace('/auth/'));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'We could not reach the server',
  );
});
