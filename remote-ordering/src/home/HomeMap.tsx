import { useEffect, useMemo, useRef, useState } from 'react';
import {
  addTranslations,
  clearOfSheet,
  hasCoordinates,
  MAP,
  PIN_HEIGHT,
  type AddressPoint,
  type Quote,
} from '@taxi/shared';
import { TaxiMap, type LatLng, type MapFocus, type MapPin } from '@taxi/shared/map';
import { useOrderingText } from '../common/i18n';
import { useOrdering } from '../common/useOrdering';
import texts from './texts.json';
import addressTexts from '../common/texts.json';

addTranslations('ordering', texts);
addTranslations('ordering', addressTexts);

/** Poland as a whole, when nothing tells where the passenger is and the tiles name no area. */
export const FALLBACK_VIEW = { center: { lat: 52.07, lng: 19.48 }, zoom: 5.5 };

function at(point: AddressPoint | null): LatLng | null {
  return point && hasCoordinates(point) ? { lat: point.lat!, lng: point.lng! } : null;
}

/**
 * The focus handed to the map: the first at once (the first view), each later one once it has
 * held for MAP.fitDebounceMs (spec section 9), so that a burst of changes (a destination, then
 * a pin dragged, then the form growing) is fitted once.
 */
function useSettledFocus(focus: MapFocus | null): MapFocus | null {
  const [settled, setSettled] = useState(focus);
  const latest = useRef(focus);
  latest.current = focus;
  const key = focus?.key ?? null;
  useEffect(() => {
    const timer = setTimeout(
      () => setSettled((shown) => (shown?.key === latest.current?.key ? shown : latest.current)),
      MAP.fitDebounceMs,
    );
    return () => clearTimeout(timer);
  }, [key]);
  return settled ?? focus;
}

/**
 * The map of Home. Without a destination the pickup is the centre of the view (a pin drawn
 * over the map, so dragging the map moves the pickup); with one, both are pins that can be
 * dragged, with the route between them. A tap sets the pickup where it lands (WCAG 2.5.7).
 */
export function HomeMap({
  quote,
  sheetInset,
  onPickupMoved,
  onDestinationMoved,
}: {
  quote: Quote | null;
  /** Pixels of the map's bottom covered by the order form and the bottom bar. */
  sheetInset: number;
  onPickupMoved: (position: LatLng) => void;
  onDestinationMoved: (position: LatLng) => void;
}) {
  const { t } = useOrderingText();
  const { draft, settings, dark } = useOrdering();
  const pickup = at(draft.poi);
  // The draft has no destination while show_dst is off (allowedDraft).
  const destination = at(draft.dst);
  const both = !!pickup && !!destination;

  const pins: MapPin[] = useMemo(
    () =>
      both
        ? [
            {
              id: 'pickup',
              kind: 'pickup',
              position: pickup!,
              label: t('address.pinLabel'),
              draggable: true,
              onDragEnd: onPickupMoved,
              color: settings.color_map_icon || undefined,
            },
            {
              id: 'destination',
              kind: 'destination',
              position: destination!,
              label: t('address.destinationPinLabel'),
              draggable: true,
              onDragEnd: onDestinationMoved,
            },
          ]
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      both,
      pickup?.lat,
      pickup?.lng,
      destination?.lat,
      destination?.lng,
      t,
      settings.color_map_icon,
    ],
  );

  // The spec's paddings, widened where the order form covers the map (short phones).
  const padding = clearOfSheet(MAP.homePickupPadding, sheetInset);
  // Pins stand above their point: the top keeps room for a whole pin under the top bar.
  const fitPadding = {
    ...clearOfSheet(MAP.defaultPadding, sheetInset),
    top: MAP.homePickupPadding.top + PIN_HEIGHT,
  };
  const focusPoints = both ? [pickup!, destination!] : pickup ? [pickup] : [];
  const wanted = focusPoints.length
    ? {
        points: focusPoints,
        padding: both ? fitPadding : padding,
        key: `${focusPoints.map((p) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`).join(';')}@${sheetInset}`,
      }
    : null;
  const focus = useSettledFocus(wanted);

  return (
    <>
      <TaxiMap
        className="or-home__map"
        label={t('home.map')}
        tileUrl={settings.tile_url}
        tilePictures={settings.tile_pictures}
        mapboxToken={settings.mapbox_token}
        dark={dark}
        initialView={pickup ? { center: pickup, zoom: 15 } : FALLBACK_VIEW}
        fitTilesFirst={!pickup}
        padding={both ? undefined : padding}
        coveredBottom={sheetInset}
        focus={focus}
        pins={pins}
        route={both ? quote?.dst_map_points : undefined}
        routeColor={settings.color || undefined}
        // The quoted road route is a plan, drawn like a planned route on Track.
        routeDashed
        onUserMoveEnd={both ? undefined : (center) => onPickupMoved(center)}
        onPickupTap={onPickupMoved}
      />
      {!both ? (
        <span
          className="or-center-pin"
          role="img"
          aria-label={t('address.pinLabel')}
          style={{
            left: `calc(50% + ${(padding.left - padding.right) / 2}px)`,
            top: `calc(50% + ${(padding.top - padding.bottom) / 2}px)`,
            color: settings.color_map_icon || undefined,
          }}
        />
      ) : null}
    </>
  );
}
