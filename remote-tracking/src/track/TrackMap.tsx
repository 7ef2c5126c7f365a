import { useEffect, useMemo, useRef, useState } from 'react';
import {
  addTranslations,
  clearOfSheet,
  MAP,
  PIN_HEIGHT,
  PLANNED_ROUTE_TYPES,
  TAXI_STATE_COLOURS,
  type TrackedTaxi,
  type TrackedOrder,
  type TilePictures,
  type TrackPoint,
} from '@taxi/shared';
import {
  TaxiMap,
  type LatLng,
  type MapFocus,
  type MapPadding,
  type MapPin,
} from '@taxi/shared/map';
import { useTrackingText } from '../common/i18n';
import texts from './texts.json';

addTranslations('tracking', texts);

/** Poland as a whole, until the order says where the ride is. */
const FALLBACK_VIEW = { center: { lat: 52.07, lng: 19.48 }, zoom: 5.5 };

function at(point: TrackPoint | null): LatLng | null {
  return point && point.lat !== null && point.lng !== null
    ? { lat: point.lat, lng: point.lng }
    : null;
}

/** Where a taxi last reported (the taxis handed to the map all have a position). */
function reportedAt(taxi: TrackedTaxi): LatLng {
  return { lat: taxi.lat!, lng: taxi.lng! };
}

function samePlace(a: LatLng, b: LatLng | null): boolean {
  return !!b && Math.abs(a.lat - b.lat) < 1e-5 && Math.abs(a.lng - b.lng) < 1e-5;
}

export interface TrackMapProps {
  order: TrackedOrder | null;
  /** Taxis to draw (already filtered to the order's, with a position and an icon). */
  taxis: TrackedTaxi[];
  /** Call numbers of taxis that have sent no position lately: drawn faded. */
  stale: ReadonlySet<string>;
  /** Draw the client's location of the record (state T). */
  showClient: boolean;
  /** The device's position after 'locate me', and how many times it was asked for. */
  me: LatLng | null;
  meRequest: number;
  /** Each increment fits the view again (the fit button). */
  fitRequest: number;
  tileUrl: string;
  tilePictures: TilePictures | null;
  mapboxToken: string;
  dark: boolean;
  pickupColor?: string;
  /** Pixels of the map's bottom under the panel. */
  coveredBottom?: number;
}

/**
 * The Track map: pickup and destination (and the ride's route when the record has one: dashed
 * when it is a plan, solid when it is the way the taxi drove), the order's taxis gliding
 * between reports in their state's colour (faded once silent), the client's location in T. The view fits
 * everything with the Track padding when the button asks and whenever something appears or
 * goes, or the panel grows or shrinks, unless the passenger has moved the map since; fits are
 * debounced by 300 ms and animated over 1000 ms.
 */
export function TrackMap(props: TrackMapProps) {
  const { t } = useTrackingText();
  const { order, taxis, showClient, me } = props;
  const pickup = at(order?.poi ?? null);
  const destination = at(order?.dst ?? null);
  const clientAt =
    showClient && order?.client_lat != null && order.client_lng != null
      ? { lat: order.client_lat, lng: order.client_lng }
      : null;
  // A server that reports the pickup as the client's location gets one pin, not two.
  const client = clientAt && !samePlace(clientAt, pickup) ? clientAt : null;
  const route = order?.routes[0];

  const pins: MapPin[] = [];
  if (pickup) {
    pins.push({
      id: 'pickup',
      kind: 'pickup',
      position: pickup,
      label: t('client.track.pickup'),
      color: props.pickupColor,
    });
  }
  if (destination) {
    pins.push({
      id: 'destination',
      kind: 'destination',
      position: destination,
      label: t('client.track.destination'),
    });
  }
  if (client) {
    pins.push({
      id: 'client',
      kind: 'client',
      position: client,
      label: t('client.track.client_location'),
    });
  }
  if (me)
    pins.push({ id: 'me', kind: 'client', position: me, label: t('client.track.my_location') });
  for (const taxi of taxis) {
    const stale = props.stale.has(taxi.call_number);
    pins.push({
      id: `taxi-${taxi.call_number}`,
      kind: 'taxi',
      position: reportedAt(taxi),
      // Between two reports the taxi glides (the map slides its pin on the compositor).
      glideMs: MAP.fitAnimationMs,
      label: t(stale ? 'client.track.taxi_stale' : 'client.track.taxi', {
        callNumber: taxi.call_number,
      }),
      color: TAXI_STATE_COLOURS[taxi.state],
      stale,
    });
  }

  // What a fit takes in: the route and the taxis' reported positions.
  const fitPoints = [
    pickup,
    destination,
    client,
    ...taxis.map(reportedAt),
    ...(route?.points ?? []),
  ].filter((point): point is LatLng => point !== null);
  // The spec's padding, with room for a whole pin under the buttons and clear of the panel (taller
  // than the spec's 216 px with two lines of state, a taxi card or the rating).
  const fitPadding: MapPadding = {
    ...clearOfSheet(MAP.trackPadding, props.coveredBottom ?? 0),
    top: MAP.trackPadding.top + PIN_HEIGHT,
  };
  const latest = useRef({ points: fitPoints, padding: fitPadding });
  latest.current = { points: fitPoints, padding: fitPadding };
  // The first fit is the first view: the map's first pictures, asked for as soon as they are on
  // the page, are the ride's, not the pickup's alone.
  const [focus, setFocus] = useState<MapFocus | null>(() =>
    fitPoints.length > 0 ? { points: fitPoints, padding: fitPadding, key: 'fit-1' } : null,
  );
  const moved = useRef(false);
  const count = useRef(focus ? 1 : 0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fit = useMemo(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      const fitNow = () => {
        const { points, padding } = latest.current;
        if (points.length === 0) return;
        count.current += 1;
        setFocus({ points, padding, key: `fit-${count.current}` });
      };
      // Until something is fitted, at once; later changes come in bursts (a report, a state).
      if (count.current === 0) fitNow();
      else timer.current = setTimeout(fitNow, MAP.fitDebounceMs);
    },
    [],
  );
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // What is on the map and the room the panel leaves it; the first view fitted them, and the
  // effects below fit again on a change.
  const members = pins
    .filter((pin) => pin.id !== 'me')
    .map((pin) => pin.id)
    .join(',');
  const layout = `${members}@${fitPadding.bottom}`;
  const fitted = useRef({ request: props.fitRequest, layout });

  useEffect(() => {
    if (props.fitRequest === fitted.current.request) return;
    fitted.current.request = props.fitRequest;
    moved.current = false;
    fit();
  }, [props.fitRequest, fit]);

  // Something appeared or went (a taxi, the destination, the client), or the panel grew or
  // shrank (a taxi card, the rating): fit, unless moved.
  useEffect(() => {
    if (layout === fitted.current.layout) return;
    fitted.current.layout = layout;
    if (!moved.current) fit();
  }, [layout, fit]);

  useEffect(() => {
    if (!me || props.meRequest === 0) return;
    moved.current = true;
    count.current += 1;
    setFocus({ points: [me], padding: fitPadding, key: `me-${count.current}` });
    // A new request centres again even on the same position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.meRequest]);

  return (
    <TaxiMap
      className="tr-track__map"
      label={t('client.track.map')}
      tileUrl={props.tileUrl}
      tilePictures={props.tilePictures}
      mapboxToken={props.mapboxToken}
      dark={props.dark}
      initialView={pickup ? { center: pickup, zoom: 15 } : FALLBACK_VIEW}
      padding={MAP.trackPadding}
      coveredBottom={props.coveredBottom}
      focus={focus}
      pins={pins}
      route={route?.points}
      routeColor={route?.color || undefined}
      routeDashed={!!route && PLANNED_ROUTE_TYPES.includes(route.type)}
      onUserMoveEnd={() => {
        moved.current = true;
      }}
    />
  );
}
