// The interactive maps (react-map-gl over maplibre-gl or mapbox-gl), each a chunk of its own
// asked for once, and the boundary a map that cannot start (offline, no WebGL) falls back behind.
import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import type { InteractiveMapProps } from './TaxiMapView';

type MapModule = Promise<{ default: ComponentType<InteractiveMapProps> }>;
type Engine = 'maplibre' | 'mapbox';

/** Each engine's chunk, asked for once (again after a failed download). */
const loading: Partial<Record<Engine, MapModule>> = {};
/** Engines whose chunk is in: maplibre's map then starts without the lite map first. */
const loaded = new Set<Engine>();

function load(engine: Engine, importer: () => MapModule): MapModule {
  loading[engine] ??= importer().then(
    (module) => {
      loaded.add(engine);
      return module;
    },
    (error: unknown) => {
      delete loading[engine];
      throw error;
    },
  );
  return loading[engine];
}

export const loadMaplibre = () =>
  load('maplibre', () => import(/* webpackChunkName: "taxi-map" */ './maplibre'));
export const loadMapbox = () =>
  load('mapbox', () => import(/* webpackChunkName: "taxi-map-mapbox" */ './mapbox'));

export const MaplibreMap = lazy(loadMaplibre);
export const MapboxMap = lazy(loadMapbox);

export function maplibreLoaded(): boolean {
  return loaded.has('maplibre');
}

/** A map that cannot start (offline, no WebGL) leaves its fallback. */
export class MapBoundary extends Component<
  { children: ReactNode; fallback: ReactNode; onFailed?: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailed?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
