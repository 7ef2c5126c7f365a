import { screen } from '@testing-library/react';
import { fakeApi } from '@taxi/shared/testing';
import Track from './Track';
import { rating, record, renderTrack, serve, withTrackHarness } from '../testing/track';

jest.mock('@taxi/shared/map', () => {
  const fake = jest.requireActual('../testing/map');
  return { TaxiMap: fake.FakeTaxiMap, preloadMap: () => Promise.resolve({}) };
});

// The end of a ride loads apart from the panel; here its first two loads fail, as offline
// before the worker kept it (the idle head start's and the slot's, in either order).
let mockRideOverLoads = 0;
jest.mock('./RideOver', () => {
  mockRideOverLoads += 1;
  if (mockRideOverLoads <= 2) throw new Error('Loading chunk ride-over failed.');
  return jest.requireActual('./RideOver');
});

const sockets = withTrackHarness();

it('says the end of a ride could not load, keeps the panel, and Retry loads it', async () => {
  fakeApi({ GET_RATE: rating(null) });
  const { user } = renderTrack(<Track />);
  serve(sockets(), record({ state: 'Z' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(
    'The end of the ride could not be loaded. Check your connection and try again.',
  );
  expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('button', { name: 'Finish' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'How would you rate this ride?' })).toBeInTheDocument();
  expect(mockRideOverLoads).toBe(3);
});
