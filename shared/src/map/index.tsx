// @taxi/shared/map: the map wrapper, kept out of the package index so that no first screen
// pays for it. This module is small; the map library arrives in a chunk of its own when a
// map is first drawn, and whatever the page shows around the map works before and without it.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { TaxiMapProps } from './types';
import './map.css';

export type { LatLng, MapFocus, MapPadding, MapPin, PinKind, TaxiMapProps } from './types';

type MapModule = Promise<{ default: React.ComponentType<TaxiMapProps> }>;

/** Each engine's chunk, asked for once (again after a failed download). */
const loading: { maplibre?: MapModule; mapbox?: MapModule } = {};

function load(engine: 'maplibre' | 'mapbox', importer: () => MapModule): MapModule {
  loading[engine] ??= importer().catch((error: unknown) => {
    delete loading[engine];
    throw error;
  });
  return loading[engine];
}

/**
 * Starts downloading the map library (e.g. when the browser is idle): mapbox-gl for a
 * corporation with a Mapbox token, maplibre-gl otherwise.
 */
export function preloadMap(mapboxToken = ''): MapModule {
  return mapboxToken ? loadMapbox() : loadMaplibre();
}

const loadMaplibre = () =>
  load('maplibre', () => import(/* webpackChunkName: "taxi-map" */ './maplibre'));
const loadMapbox = () =>
  load('mapbox', () => import(/* webpackChunkName: "taxi-map-mapbox" */ './mapbox'));

const MaplibreMap = lazy(loadMaplibre);
const MapboxMap = lazy(loadMapbox);

/** A map that cannot load (offline, no WebGL) leaves its plain background. */
class MapBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The taxi map, loaded lazily; a plain background until (or unless) it is there. */
export function TaxiMap(props: TaxiMapProps) {
  const background = (
    <div className={`tx-map-placeholder ${props.className ?? ''}`} aria-hidden="true" />
  );
  return (
    <MapBoundary fallback={background}>
      <Suspense fallback={background}>
        {props.mapboxToken ? <MapboxMap {...props} /> : <MaplibreMap {...props} />}
      </Suspense>
    </MapBoundary>
  );
}
