import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode, useState } from 'react';
import { renderScreen } from '@taxi/shared/testing';
import { resetOrdering } from '../testing/order';
import { AddressCards } from './AddressCards';

// Offline before the worker kept it, the search's chunk cannot load (a ChunkLoadError).
let mockOffline = true;
jest.mock('../address-search/AddressSearchDialog', () => {
  if (mockOffline) throw new Error('Loading chunk address-search failed.');
  return { AddressSearchDialog: () => <p>The address search</p> };
});

/** The screen's boundary as the host has it: the error, and Retry that renders the screen anew. */
function Screen({ children }: { children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <Boundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      {children}
    </Boundary>
  );
}
class Boundary extends Component<{ children: ReactNode; onRetry: () => void }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <button type="button" onClick={this.props.onRetry}>
        Retry
      </button>
    );
  }
}

beforeEach(() => {
  resetOrdering();
  mockOffline = true;
  jest.spyOn(console, 'error').mockImplementation(() => {});
  // The browser's idle callback, at once.
  Object.assign(globalThis, { requestIdleCallback: idle, cancelIdleCallback: () => {} });
});
afterEach(() => jest.restoreAllMocks());

const idle = jest.fn((run: () => void) => (run(), 1));

// Jest fails a test during which a promise is rejected with nobody to handle it.
test('offline, fetching the address search while idle fails quietly: no unhandled rejection, the cards stay', async () => {
  renderScreen(<AddressCards />, { language: 'en', settings: { show_dst: true } });
  // The failed import settles in the microtasks act() lets run.
  await act(async () => undefined);
  expect(idle).toHaveBeenCalled();
  expect(screen.getByRole('button', { name: /^Pickup/ })).toBeInTheDocument();
});

test('a search that could not load offline opens once the network is back and the screen retried', async () => {
  const user = userEvent.setup();
  renderScreen(
    <Screen>
      <AddressCards />
    </Screen>,
    { language: 'en', settings: { show_dst: true } },
  );
  await user.click(screen.getByRole('button', { name: /^Pickup/ }));
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  mockOffline = false;
  await user.click(screen.getByRole('button', { name: /^Pickup/ }));
  expect(await screen.findByText('The address search')).toBeInTheDocument();
});
