// The default engine: react-map-gl over maplibre-gl (open source, any tile server).
import MapGL, { Layer, Marker, Source } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import { mapWithEngine } from './TaxiMapView';

export default mapWithEngine({ MapGL, Marker, Source, Layer, mapbox: false });
