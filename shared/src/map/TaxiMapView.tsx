// The heavy part: react-map-gl over maplibre-gl. Only ever loaded through ./index (lazily).
import { useEffect, useMemo, useRef } from 'react';
import MapGL, {
  Layer,
  Marker,
  Source,
  type MapRef,
  type ViewStateChangeEvent,
} from 'react-map-gl/maplibre';
import type { StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MAP } from '../model/constants';
import type { LatLng, TaxiMapProps } from './types';

/** A raster style on the corporation's tile server, over a plain background. */
export function rasterStyle(tileUrl: string, dark: boolean): StyleSpecification {
  return {
    version: 8,
    sources: tileUrl
      ? {
          tiles: {
            type: 'raster',
            tiles: [tileUrl],
            tileSize: 256,
            maxzoom: MAP.maxTileZoom,
            attribution: '© OpenStreetMap contributors',
          },
        }
      : {},
    layers: [
      {
        id: 'background',
        type: 'background',
        paint: { 'background-color': dark ? '#23272d' : '#e8ebe6' },
      },
      ...(tileUrl ? [{ id: 'tiles', type: 'raster' as const, source: 'tiles' }] : []),
    ],
  };
}

export default function TaxiMap(props: TaxiMapProps) {
  const map = useRef<MapRef>(null);
  const { focus, padding } = props;
  const style = useMemo(
    () => rasterStyle(props.tileUrl, !!props.dark),
    [props.tileUrl, props.dark],
  );

  useEffect(() => {
    const instance = map.current;
    if (!instance || !focus || focus.points.length === 0) return;
    const [first, ...rest] = focus.points;
    if (rest.length === 0) {
      instance.easeTo({
        center: [first!.lng, first!.lat],
        zoom: Math.max(instance.getZoom(), 15),
        padding: focus.padding,
        duration: MAP.fitAnimationMs,
      });
      return;
    }
    const lngs = focus.points.map((p) => p.lng);
    const lats = focus.points.map((p) => p.lat);
    instance.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: focus.padding, duration: MAP.fitAnimationMs, maxZoom: 17 },
    );
    // Only a new key moves the map; the points themselves travel with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.key, map.current]);

  // The view's own padding; fitting two points uses the focus padding alone.
  const paddingKey = JSON.stringify(padding ?? null);
  useEffect(() => {
    map.current?.setPadding(padding ?? { top: 0, right: 0, bottom: 0, left: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paddingKey]);

  const onMoveEnd = (event: ViewStateChangeEvent) => {
    if (!event.originalEvent || !props.onUserMoveEnd) return;
    const center = event.target.getCenter();
    props.onUserMoveEnd({ lat: center.lat, lng: center.lng }, event.target.getZoom());
  };

  const line = useMemo(
    () =>
      props.route && props.route.length > 1
        ? {
            type: 'Feature' as const,
            properties: {},
            geometry: {
              type: 'LineString' as const,
              coordinates: props.route.map((p: LatLng) => [p.lng, p.lat]),
            },
          }
        : null,
    [props.route],
  );

  return (
    <div className={props.className} role="region" aria-label={props.label}>
      <MapGL
        ref={map}
        initialViewState={{
          longitude: props.initialView.center.lng,
          latitude: props.initialView.center.lat,
          zoom: props.initialView.zoom,
          padding: padding ?? MAP.defaultPadding,
        }}
        maxZoom={MAP.maxViewZoom}
        mapStyle={style}
        style={{ width: '100%', height: '100%' }}
        attributionControl={props.tileUrl ? { compact: true } : false}
        dragRotate={false}
        touchPitch={false}
        onMoveEnd={onMoveEnd}
        onLoad={props.onReady}
        // A tile server that is down or missing leaves the background; nothing to tell.
        onError={() => undefined}
      >
        {line ? (
          <Source id="route" type="geojson" data={line}>
            <Layer
              id="route-line"
              type="line"
              layout={{ 'line-join': 'round', 'line-cap': 'round' }}
              paint={{ 'line-color': props.routeColor ?? '#1a5fd0', 'line-width': 5 }}
            />
          </Source>
        ) : null}
        {(props.pins ?? []).map((pin) => (
          <Marker
            key={pin.id}
            longitude={pin.position.lng}
            latitude={pin.position.lat}
            anchor={pin.kind === 'taxi' || pin.kind === 'client' ? 'center' : 'bottom'}
            draggable={!!pin.draggable}
            onDragEnd={(event) => pin.onDragEnd?.({ lat: event.lngLat.lat, lng: event.lngLat.lng })}
          >
            <span
              role="img"
              aria-label={pin.label}
              className={`tx-pin tx-pin--${pin.kind}`}
              style={pin.color ? { color: pin.color } : undefined}
            />
          </Marker>
        ))}
      </MapGL>
    </div>
  );
}
