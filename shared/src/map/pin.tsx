// What both maps draw alike, the interactive one (TaxiMapView) and its pictures (lite/LiteMap).
import { forwardRef } from 'react';
import type { MapPin } from './types';

/** The route's colour when the corporation names none. */
export const ROUTE_COLOUR = '#1a5fd0';

/** Where a pin meets its point: pickups and destinations stand on it, the others centre on it. */
export function pinAnchor(pin: MapPin): 'center' | 'bottom' {
  return pin.kind === 'taxi' || pin.kind === 'client' ? 'center' : 'bottom';
}

/** A pin as the passenger sees it: named, in its colour, faded (grey) when out of date. */
export const PinPicture = forwardRef<HTMLSpanElement, { pin: MapPin }>(function PinPicture(
  { pin },
  ref,
) {
  return (
    <span
      ref={ref}
      role="img"
      aria-label={pin.label}
      className={`tx-pin tx-pin--${pin.kind}${pin.stale ? ' tx-pin--stale' : ''}`}
      style={pin.color ? { color: pin.color } : undefined}
    />
  );
});
