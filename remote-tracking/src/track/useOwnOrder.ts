import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { activeOrdersAtom, isLoggedInAtom, refreshActiveOrders, type OrderKey } from '@taxi/shared';

/**
 * Whether the passenger signed in on this device placed the order: the server lists it among
 * their active orders (GET_CURRENT_ORDERS). A shared link alone never makes one the owner, so
 * a family member following the ride, signed in or not, is not offered Cancel.
 */
export function useOwnOrder(key: OrderKey | null): boolean {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const activeOrders = useAtomValue(activeOrdersAtom);
  const shortId = key?.shortId.toUpperCase();
  useEffect(() => {
    // The list may predate this order (Track opens straight after ORDER_SAVE).
    if (loggedIn && shortId) refreshActiveOrders().catch(() => undefined);
  }, [loggedIn, shortId]);
  return (
    loggedIn &&
    !!shortId &&
    activeOrders.some((order) => order.track.order_short_id.toUpperCase() === shortId)
  );
}
