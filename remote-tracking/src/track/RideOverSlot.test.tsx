import { screen } from '@testing-library/react';
import { fakeApi } from '@taxi/shared/testing';
import Track from './Track';
import { rideOverLoads } from '../testing/rideOver';
import { rating, record, renderTrack, serve, withTrackHarness } from '../testing/track';

jest.mock('@taxi/shared/map', () => jest.requireActual('../testing/map').fakeMapModule);

// The end of a ride loads apart from the panel; here its first two loads fail.
jest.mock('./RideOver', () => jest.requireActual('../testing/rideOver').rideOverFailingFirst(2));

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
  expect(rideOverLoads()).toBe(3);
});
