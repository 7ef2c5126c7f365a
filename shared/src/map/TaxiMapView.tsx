// The map itself, the same over either library: react-map-gl's maplibre and mapbox flavours
// have the same components, and each engine module hands its own in. Loaded lazily only.
import {
  type ComponentType,
  type CSSProperties,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type {
  Layer,
  default as MapGL,
  MapRef,
  Marker,
  Source,
  ViewStateChangeEvent,
} from 'react-map-gl/maplibre';
import { MAP } from '../model/constants';
import { cameraMoveMs } from './camera';
import { useGlide } from './glide';
import { mapName } from './name';
import { holdFrames, releaseFrames, type KeptMap } from './offScreen';
import { PinPicture, pinAnchor, ROUTE_COLOUR } from './pin';
import { absoluteRequest, mapStyle, routePaint, tileArea } from './style';
import type { LatLng, MapPin, TaxiMapProps } from './types';
import type { View } from './lite/view';

/** The interactive map as the lite map hands over to it (see lite/LiteFirst). */
export interface InteractiveMapProps extends TaxiMapProps {
  /** Drawing beneath the lite map, out of sight. */
  concealed?: boolean;
  /** Once drawn whole (its style and the tiles in view). */
  onDrawn?: () => void;
  /** The lite map's last view, which the map jumps to when it comes into sight. */
  handOver?: { current: View | null };
}

/** react-map-gl's components of one library (typed as the maplibre flavour). */
export interface MapEngine {
  MapGL: typeof MapGL;
  Marker: typeof Marker;
  Source: typeof Source;
  Layer: typeof Layer;
  mapbox: boolean;
}

/** The engine's map component, made once per engine module. */
export function mapWithEngine(engine: MapEngine): ComponentType<InteractiveMapProps> {
  return function EngineMap(props) {
    return <TaxiMapView {...props} engine={engine} />;
  };
}

/** A pin on the map; a gliding one (a taxi) slides to a new position (see useGlide). */
function PinMarker({
  pin,
  map,
  Marker,
}: {
  pin: MapPin;
  map: MapRef | null;
  Marker: MapEngine['Marker'];
}) {
  const drawn = useRef<HTMLSpanElement>(null);
  useGlide(drawn, map, pin.position, pin.glideMs);
  return (
    <Marker
      longitude={pin.position.lng}
      latitude={pin.position.lat}
      anchor={pinAnchor(pin)}
      draggable={!!pin.draggable}
      onDragEnd={(event) => pin.onDragEnd?.({ lat: event.lngLat.lat, lng: event.lngLat.lng })}
    >
      <PinPicture ref={drawn} pin={pin} />
    </Marker>
  );
}

function TaxiMapView({
  engine,
  concealed,
  onDrawn,
  handOver,
  ...props
}: InteractiveMapProps & { engine: MapEngine }) {
  const { MapGL, Marker, Source, Layer } = engine;
  // The library creates its map after its own first render: a state, so that a focus asked
  // for before that (the GPS answering first) is carried out once the map exists.
  const [instance, setInstance] = useState<MapRef | null>(null);
  const { focus, padding } = props;
  // Street and place names in the passenger's language where the map has them.
  // The page's i18n through react-i18next: this entry is a shared module of its own, and a
  // relative import of ../i18n would bundle a second instance into it.
  const { t, i18n } = useTranslation('common');
  const { language } = i18n;
  const style = useMemo(
    () =>
      mapStyle(props.tileUrl, {
        dark: !!props.dark,
        mapbox: engine.mapbox,
        language,
        origin: window.location.origin,
      }),
    [props.tileUrl, props.dark, engine.mapbox, language],
  );

  // A map kept from an earlier screen (reuseMaps) was named for that screen: name it for this
  // one. Leaving, its camera stops: kept off screen, it draws nothing until it is shown again.
  const name = mapName(props, language);
  useEffect(() => {
    instance?.getCanvas().setAttribute('aria-label', name);
  }, [instance, name]);
  useEffect(() => {
    if (!instance) return;
    const map = instance.getMap() as unknown as KeptMap & { stop(): unknown };
    releaseFrames(map);
    return () => {
      map.stop();
      holdFrames(map);
    };
  }, [instance]);

  useEffect(() => {
    if (!instance || !onDrawn) return;
    const map = instance.getMap();
    if (map.loaded()) return void onDrawn();
    map.once('idle', onDrawn);
    return () => void map.off('idle', onDrawn);
    // The first time it is drawn is what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instance]);
  useEffect(() => {
    const view = handOver?.current;
    if (!instance || concealed || !view) return;
    instance.jumpTo({ center: [view.center.lng, view.center.lat], zoom: view.zoom });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instance, concealed]);

  // The map whose view was set: a new map's first view jumps there (see cameraMoveMs).
  const focused = useRef<MapRef | null>(null);
  // While the camera moves (a drag or a fit), the map is busy: the address follows at rest.
  const [moving, setMoving] = useState(false);

  useEffect(() => {
    if (!instance || !focus || focus.points.length === 0) return;
    const duration = cameraMoveMs(focused.current !== instance);
    focused.current = instance;
    const [first, ...rest] = focus.points;
    if (rest.length === 0) {
      instance.easeTo({
        center: [first!.lng, first!.lat],
        zoom: Math.max(instance.getZoom(), 15),
        padding: focus.padding,
        duration,
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
      { padding: focus.padding, duration, maxZoom: 17 },
    );
    // Only a new key moves the map; the points themselves travel with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.key, instance]);

  // The view's own padding; fitting two points uses the focus padding alone.
  const paddingKey = JSON.stringify(padding ?? null);
  useEffect(() => {
    instance?.setPadding(padding ?? { top: 0, right: 0, bottom: 0, left: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paddingKey, instance]);

  const onMoveEnd = (event: ViewStateChangeEvent) => {
    setMoving(false);
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

  const covered = { '--tx-map-covered': `${props.coveredBottom ?? 0}px` } as CSSProperties;
  return (
    <div
      className={`tx-map ${props.className ?? ''}${concealed ? ' tx-map--concealed' : ''}`}
      style={covered}
      aria-busy={moving}
    >
      <MapGL
        ref={setInstance}
        // Leaving a screen keeps its map for the next one (Home's for Track's): removing it was
        // most of what the map added to the tap that leaves (its buffers deleted, its context
        // lost), and a new one made its WebGL context, compiled its programs and loaded its
        // style and tiles again. One map is kept per library; its tiles' memory stays meanwhile.
        reuseMaps
        initialViewState={{
          longitude: props.initialView.center.lng,
          latitude: props.initialView.center.lat,
          zoom: props.initialView.zoom,
          padding: padding ?? MAP.defaultPadding,
        }}
        maxZoom={MAP.maxViewZoom}
        // The library's canvas is the map's landmark (a region): it carries our name for it.
        locale={{
          'Map.Title': name,
          'AttributionControl.ToggleAttribution': t('common.mapCredits'),
        }}
        mapStyle={style}
        transformRequest={absoluteRequest}
        {...(engine.mapbox ? { mapboxAccessToken: props.mapboxToken } : {})}
        style={{ width: '100%', height: '100%' }}
        // Mapbox's terms want its attribution whatever the tiles.
        attributionControl={props.tileUrl || engine.mapbox ? { compact: true } : false}
        dragRotate={false}
        // Labels appear at once: fading them in drew the whole map every frame for 300 ms
        // after each move and tile (25 frames after picking a pickup, 3 without).
        fadeDuration={0}
        touchPitch={false}
        onMoveStart={() => setMoving(true)}
        onMoveEnd={onMoveEnd}
        // The library tells a click from a drag: only a click sets the pickup.
        onClick={
          props.onPickupTap
            ? (event) => props.onPickupTap?.({ lat: event.lngLat.lat, lng: event.lngLat.lng })
            : undefined
        }
        onLoad={(event) => {
          // Nothing told where to look yet: the area the tiles cover (see fitTilesFirst).
          const area = props.fitTilesFirst && !focused.current && tileArea(event.target.getStyle());
          if (area) event.target.fitBounds(area, { duration: 0 });
          props.onReady?.();
        }}
        // A tile server that is down or missing leaves the background; nothing to tell.
        onError={() => undefined}
      >
        {line ? (
          <Source id="route" type="geojson" data={line}>
            <Layer
              id="route-line"
              type="line"
              layout={{ 'line-join': 'round', 'line-cap': 'round' }}
              paint={routePaint(props.routeColor ?? ROUTE_COLOUR, !!props.routeDashed)}
            />
          </Source>
        ) : null}
        {(props.pins ?? []).map((pin) => (
          <PinMarker key={pin.id} pin={pin} map={instance} Marker={Marker} />
        ))}
      </MapGL>
    </div>
  );
}
