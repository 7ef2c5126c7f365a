import { screen } from '@testing-library/react';
import { fakeApi } from '@taxi/shared/testing';
import Track from './Track';
import { rating, record, renderTrack, serve, withTrackHarness } from '../testing/track';

jest.mock('@taxi/shared/map', () => {
  const fake = jest.requireActual('../testing/map');
  return { TaxiMap: fake.FakeTaxiMap, preloadMap: () => Promise.resolve({}) };
});

// Offline, the end of a ride fails to load (the idle head start's and the slot's loads); it
// loads from the third on. A module registry of its own: a loaded chunk stays loaded.
let mockRideOverLoads = 0;
jest.mock('./RideOver', () => {
  mockRideOverLoads += 1;
  if (mockRideOverLoads <= 2) throw new Error('Loading chunk ride-over failed.');
  return jest.requireActual('./RideOver');
});

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
