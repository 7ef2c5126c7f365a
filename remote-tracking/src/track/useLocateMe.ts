import { useCallback, useState } from 'react';
import type { LatLng } from '@taxi/shared/map';

export type LocateProblem = 'denied' | 'failed' | null;

/** 'Locate me': one position from the device, with a flag while it is being found. */
export function useLocateMe(timeoutSeconds: number) {
  const [locating, setLocating] = useState(false);
  const [position, setPosition] = useState<LatLng | null>(null);
  const [problem, setProblem] = useState<LocateProblem>(null);
  const [request, setRequest] = useState(0);
  const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;

  const locate = useCallback(() => {
    if (!geo) {
      setProblem('failed');
      return;
    }
    setLocating(true);
    setProblem(null);
    geo.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        setPosition({ lat: coords.latitude, lng: coords.longitude });
        setRequest((n) => n + 1);
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed');
      },
      { enableHighAccuracy: true, timeout: timeoutSeconds * 1000, maximumAge: 10_000 },
    );
  }, [geo, timeoutSeconds]);

  return { locating, position, problem, request, locate };
}
