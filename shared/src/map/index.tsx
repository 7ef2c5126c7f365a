// @taxi/shared/map: the map wrapper, kept out of the package index so that no first screen
// pays for it. This module is small; the map library arrives in a chunk of its own when a
// map is first drawn, and whatever the page shows around the map works before and without it.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { TaxiMapProps } from './types';
import './map.css';

export type { LatLng, MapFocus, MapPadding, MapPin, PinKind, TaxiMapProps } from './types';

let loading: Promise<{ default: React.ComponentType<TaxiMapProps> }> | null = null;

/** Starts downloading the map library (e.g. when the browser is idle). */
export function preloadMap() {
  loading ??= import(/* webpackChunkName: "taxi-map" */ './TaxiMap').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const LazyMap = lazy(preloadMap);

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
        <LazyMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}
