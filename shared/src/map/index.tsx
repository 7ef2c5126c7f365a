// @taxi/shared/map: the map wrapper, kept out of the package index so that no first screen
// pays for it. This module is small; the map arrives in chunks of its own when it is first
// shown, and whatever the page shows around the map works before and without it.
import { lazy, Suspense } from 'react';
import { loadMapbox, MapboxMap, MapBoundary } from './engines';
import type { TaxiMapProps } from './types';
import './map.css';

export type { LatLng, MapFocus, MapPadding, MapPin, PinKind, TaxiMapProps } from './types';

const loadLiteFirst = () => import(/* webpackChunkName: "taxi-map-lite" */ './lite/LiteFirst');

/**
 * Starts downloading what the map shows first (e.g. while a ride link signs in): mapbox-gl for
 * a corporation with a Mapbox token, else the lite map (maplibre-gl waits for the passenger).
 */
export function preloadMap(mapboxToken = ''): Promise<unknown> {
  return mapboxToken ? loadMapbox() : loadLiteFirst();
}

/** Maplibre's map, pictures first (see LiteFirst). */
const LiteFirst = lazy(loadLiteFirst);

/** The taxi map, loaded lazily; a plain background until (or unless) it is there. */
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
