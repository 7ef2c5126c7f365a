import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  connectionError,
  INITIAL_TRACKING_SNAPSHOT,
  TrackingSocket,
  type TrackingSnapshot,
  type OrderKey,
} from '@taxi/shared';

const noSubscription = () => () => undefined;

/**
 * The live link of one order while the screen is shown: opened when it mounts, closed on
 * purpose when it goes. The socket is made inside the effect, so a remount (React's strict
 * mode does one) opens a fresh link instead of reusing a stopped one; until then the screen
 * shows what the page's early socket has already received (a ride link's first frame).
 */
export function useTrackingLink(key: OrderKey | null): {
  snapshot: TrackingSnapshot;
  cancelOrder: () => Promise<void>;
} {
  const [link, setLink] = useState<TrackingSocket | null>(null);
  const shortId = key?.shortId;
  const secret = key?.secret;
  useEffect(() => {
    if (!shortId || !secret) return;
    const socket = new TrackingSocket({ orderShortId: shortId, secret });
    setLink(socket);
    socket.start();
    return () => socket.stop();
  }, [shortId, secret]);
  const early = useMemo(
    () =>
      (shortId && secret ? TrackingSocket.earlySnapshot(shortId, secret) : null) ??
      INITIAL_TRACKING_SNAPSHOT,
    [shortId, secret],
  );
  const snapshot = useSyncExternalStore(
    link?.subscribe ?? noSubscription,
    link?.getSnapshot ?? (() => early),
  );
  const cancelOrder = useCallback(
    () => (link ? link.cancelOrder() : Promise.reject(connectionError())),
    [link],
  );
  return { snapshot, cancelOrder };
}
