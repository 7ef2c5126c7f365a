// Only for a corporation that supplies a Mapbox token: react-map-gl over mapbox-gl.
import MapGL, { Layer, Marker, Source } from 'react-map-gl/mapbox';
import 'mapbox-gl/dist/mapbox-gl.css';
import { mapWithEngine, type MapEngine } from './TaxiMapView';

// The mapbox flavour takes the same props the view passes (centre, markers, GeoJSON layers);
// its types differ from maplibre's only in the style and event details the view does not use.
export default mapWithEngine({
  MapGL: MapGL as unknown as MapEngine['MapGL'],
  Marker: Marker as unknown as MapEngine['Marker'],
  Source: Source as unknown as MapEngine['Source'],
  Layer: Layer as unknown as MapEngine['Layer'],
  mapbox: true,
});
