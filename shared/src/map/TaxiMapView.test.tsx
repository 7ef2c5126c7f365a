import { render, screen } from '@testing-library/react';
import { forwardRef, type ReactNode } from 'react';
import { initI18n } from '../i18n/i18n';
import { mapWithEngine, type MapEngine } from './TaxiMapView';

initI18n('en');

// Both libraries' flavours share one marker: stand-ins that draw the children (no WebGL here).
// They take the ref a map is given, as react-map-gl's do, and leave it empty: no map instance.
const passThrough = forwardRef<unknown, { children?: ReactNode }>(function PassThrough(
  { children },
  _ref,
) {
  return <div>{children}</div>;
});
const engine = (mapbox: boolean) =>
  ({
    MapGL: passThrough,
    Marker: passThrough,
    Source: passThrough,
    Layer: () => null,
    mapbox,
  }) as unknown as MapEngine;

const view = { center: { lat: 43.7384, lng: 7.4246 }, zoom: 15 };
const pins = [
  { id: 'taxi-12', kind: 'taxi' as const, position: view.center, label: 'Taxi 12', stale: true },
  { id: 'taxi-17', kind: 'taxi' as const, position: view.center, label: 'Taxi 17' },
];

describe.each([
  ['maplibre', false],
  ['mapbox', true],
])('the %s map', (_name, mapbox) => {
  it('draws a taxi whose position is out of date faded, the others as usual', () => {
    const EngineMap = mapWithEngine(engine(mapbox));
    render(<EngineMap label="Map" tileUrl="" initialView={view} pins={pins} />);
    expect(screen.getByRole('img', { name: 'Taxi 12' })).toHaveClass(
      'tx-pin--taxi',
      'tx-pin--stale',
    );
    expect(screen.getByRole('img', { name: 'Taxi 17' })).not.toHaveClass('tx-pin--stale');
  });
});
