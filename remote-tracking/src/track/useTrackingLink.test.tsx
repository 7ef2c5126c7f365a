import { render } from '@testing-library/react';
import { offerEarlySocket, type EarlySocket, type TrackingSnapshot } from '@taxi/shared';
import { KEY, record, TAXIS_DATA, withTrackHarness } from '../testing/track';
import { useTrackingLink } from './useTrackingLink';

const sockets = withTrackHarness();
afterEach(() => offerEarlySocket(undefined));

/** The ride link's socket as the page's HTML opens it: logged in on open, keeping what comes. */
function openEarly(shortId = KEY.shortId): EarlySocket {
  const early: EarlySocket = {
    shortId,
    secret: KEY.secret,
    socket: new WebSocket('ws://localhost/track/api/1/') as unknown as EarlySocket['socket'],
    loggedIn: true,
    received: [],
  };
  early.socket.onmessage = (event) => early.received.push(event.data);
  return early;
}

/** Every snapshot the screen rendered with, first to last. */
function renderLink(): TrackingSnapshot[] {
  const seen: TrackingSnapshot[] = [];
  function Probe() {
    seen.push(useTrackingLink(KEY).snapshot);
    return null;
  }
  render(<Probe />);
  return seen;
}

it('renders first with what the page’s early socket already received, then takes that socket over', () => {
  const early = openEarly();
  sockets()
    .last()
    .accept()
    .login()
    .push({ action_id: 'ORDER_UPDATE', order: record({ state: 'T' }), taxis_data: TAXIS_DATA });
  offerEarlySocket(early);
  const seen = renderLink();
  // Track's panel (state, taxi card, Share ride) in its first frame, not after the link's effect.
  expect(seen[0]).toMatchObject({ status: 'live', authenticated: true, order: { state: 'T' } });
  expect(sockets().sockets).toHaveLength(1);
  expect(sockets().last().sentOf('LOGIN')).toHaveLength(0);
  expect(seen.at(-1)).toMatchObject({ status: 'live', order: { state: 'T' } });
});

it('renders first as connecting when the early socket has no news yet, or is for another order', () => {
  offerEarlySocket(openEarly());
  expect(renderLink()[0]).toMatchObject({ status: 'connecting', order: null });

  const other = openEarly('ZZZZ9999');
  sockets()
    .last()
    .accept()
    .login()
    .push({ action_id: 'ORDER_UPDATE', order: record(), taxis_data: TAXIS_DATA });
  offerEarlySocket(other);
  expect(renderLink()[0]).toMatchObject({ status: 'connecting', order: null });
});
