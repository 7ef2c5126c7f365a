import { screen } from '@testing-library/react';
import { fakeApi } from '@taxi/shared/testing';
import Track from './Track';
import { rating, record, renderTrack, serve, withTrackHarness } from '../testing/track';

jest.mock('@taxi/shared/map', () => jest.requireActual('../testing/map').fakeMapModule);

// Offline, its first two loads fail; a test file of its own, as a loaded chunk stays loaded.
jest.mock('./RideOver', () => jest.requireActual('../testing/rideOver').rideOverFailingFirst(2));

const sockets = withTrackHarness();

it('loads the end of a ride again when Track opens again after a failed load', async () => {
  fakeApi({ GET_RATE: rating(null) });
  const first = renderTrack(<Track />);
  serve(sockets(), record({ state: 'Z' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The end of the ride could not be loaded.',
  );
  first.unmount();

  // Back online, the passenger opens the ride again: no Retry needed.
  renderTrack(<Track />);
  serve(sockets(), record({ state: 'Z' }));
  expect(await screen.findByRole('button', { name: 'Finish' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
