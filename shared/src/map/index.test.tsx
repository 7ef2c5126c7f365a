import { render, screen } from '@testing-library/react';
import { initI18n } from '../i18n/i18n';
import { TaxiMap } from './index';
import type { TaxiMapProps } from './types';

initI18n('en');

// The engines stand in for the real libraries (no WebGL here); what is tested is the choice.
jest.mock('./maplibre', () => ({
  __esModule: true,
  default: (props: TaxiMapProps) => <div role="region" aria-label={`${props.label} (maplibre)`} />,
}));
jest.mock('./mapbox', () => ({
  __esModule: true,
  default: (props: TaxiMapProps) => <div role="region" aria-label={`${props.label} (mapbox)`} />,
}));

const view = { center: { lat: 43.7384, lng: 7.4246 }, zoom: 15 };

describe('TaxiMap', () => {
  it('draws with maplibre when the corporation has no Mapbox token', async () => {
    render(<TaxiMap label="Map" tileUrl="" initialView={view} />);
    expect(await screen.findByRole('region', { name: 'Map (maplibre)' })).toBeInTheDocument();
  });

  it('draws with mapbox-gl when the corporation supplies a token', async () => {
    render(<TaxiMap label="Map" tileUrl="" mapboxToken="pk.test" initialView={view} />);
    expect(await screen.findByRole('region', { name: 'Map (mapbox)' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map (maplibre)' })).not.toBeInTheDocument();
  });
});
