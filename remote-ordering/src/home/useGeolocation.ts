import { useCallback, useEffect, useRef, useState } from 'react';
import { greatCircleMetres } from '@taxi/shared';
import type { LatLng } from '@taxi/shared/map';

export type GeoPermission = 'prompt' | 'granted' | 'denied' | 'unsupported';

interface Options {
  /** Metres: a position this close to the last one reported is not reported again. */
  accuracy: number;
  /** Seconds to wait for a position. */
  timeout: number;
  onPosition: (position: LatLng) => void;
}

/**
 * Geolocation in its three permission states (spec section 4): prompt (asked on the first
 * 'find me'), granted (the position is followed from then on, reported again only when it
 * moved more than `accuracy` metres), denied (the page keeps saying so).
 */
export function useGeolocation({ accuracy, timeout, onPosition }: Options) {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  const [permission, setPermission] = useState<GeoPermission>(geo ? 'prompt' : 'unsupported');
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);
  const last = useRef<LatLng | null>(null);
  const report = useRef(onPosition);
  report.current = onPosition;

  const accept = useCallback(
    (coords: GeolocationCoordinates, force: boolean) => {
      const here = { lat: coords.latitude, lng: coords.longitude };
      if (!force && last.current && greatCircleMetres(last.current, here) <= accuracy) return;
      last.current = here;
      report.current(here);
    },
    [accuracy],
  );

  useEffect(() => {
    let alive = true;
    let status: PermissionStatus | null = null;
    const follow = () => alive && status && setPermission(status.state as GeoPermission);
    void navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((result) => {
        status = result;
        follow();
        result.addEventListener('change', follow);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      status?.removeEventListener('change', follow);
    };
  }, []);

  // Once granted, the position is followed.
  useEffect(() => {
    if (permission !== 'granted' || !geo) return;
    const id = geo.watchPosition(
      (position) => accept(position.coords, false),
      () => undefined,
      { enableHighAccuracy: true, timeout: timeout * 1000, maximumAge: 10_000 },
    );
    return () => geo.clearWatch(id);
  }, [permission, geo, accept, timeout]);

  const locate = useCallback(() => {
    if (!geo) return;
    setLocating(true);
    setFailed(false);
    geo.getCurrentPosition(
      (position) => {
        setLocating(false);
        setPermission('granted');
        accept(position.coords, true);
      },
      (error) => {
        setLocating(false);
        if (error.code === error.PERMISSION_DENIED) setPermission('denied');
        else setFailed(true);
      },
      { enableHighAccuracy: true, timeout: timeout * 1000, maximumAge: 10_000 },
    );
  }, [geo, accept, timeout]);

  return { permission, locating, failed, locate };
}
