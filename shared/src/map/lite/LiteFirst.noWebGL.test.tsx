import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n } from '../../i18n/i18n';
import { TaxiMap } from '../index';

initI18n('en');

// A browser without WebGL: the library throws where it makes its context, as MapLibre does.
const tried = jest.fn();
jest.mock('../maplibre', () => ({
  __esModule: true,
  default: function Interactive() {
    tried();
    throw new Error('Failed to initialize WebGL');
  },
}));

beforeAll(() => {
  jest
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue({ width: 400, height: 800, top: 0, left: 0 } as DOMRect);
  // React reports the error the boundary catches; it is the point of the test.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

it('keeps the pictures when the interactive map cannot start', async () => {
  render(
    <TaxiMap
      label="Map"
      tileUrl="https://tiles.example/{z}/{x}/{y}.png"
      initialView={{ center: { lat: 43.7384, lng: 7.4246 }, zoom: 15 }}
    />,
  );
  const lite = await screen.findByRole('region', { name: 'Map' });
  fireEvent.pointerDown(lite);
  await waitFor(() => expect(tried).toHaveBeenCalled());
  const pictures = screen.getByRole('region', { name: 'Map' });
  expect(pictures.querySelectorAll('img').length).toBeGreaterThanOrEqual(4);
});
