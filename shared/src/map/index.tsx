// @taxi/shared/map: the map wrapper, kept out of the package index so that no first screen
// pays for it. It carries the lite map (the pictures, a few kB), so that the first tile is one
// request after it; the interactive libraries arrive in chunks of their own when wanted, and
// whatever the page shows around the map works before and without it.
import { Suspense } from 'react';
import { loadMapbox, MapboxMap, MapBoundary } from './engines';
import LiteFirst from './lite/LiteFirst';
import type { TaxiMapProps } from './types';
import './map.css';

export type { LatLng, MapFocus, MapPadding, MapPin, PinKind, TaxiMapProps } from './types';

/**
 * Starts downloading what the map shows first (e.g. while a ride link signs in): mapbox-gl for
 * a corporation with a Mapbox token; the lite map is part of this module (maplibre-gl waits for
 * the passenger).
 */
export function preloadMap(mapboxToken = ''): Promise<unknown> {
  return mapboxToken ? loadMapbox() : Promise.resolve();
}

/** The taxi map: pictures first (maplibre), or mapbox-gl once loaded; a plain background meanwhile. */
export function TaxiMap(props: TaxiMapProps) {
  const background = (
    <div className={`tx-map-placeholder ${props.className ?? ''}`} aria-hidden="true" />
  );
  return (
    <MapBoundary fallback={background}>
      <Suspense fallback={background}>
        {props.mapboxToken ? <MapboxMap {...props} /> : <LiteFirst {...props} />}
      </Suspense>
    </MapBoundary>
  );
}
