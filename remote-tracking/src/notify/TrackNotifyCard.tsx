import { RideNotifyQuestion } from '@taxi/shared';
import './notify.css';

export interface TrackNotifyCardProps {
  /** The order on Track. */
  shortId: string | undefined;
  /** The signed-in passenger placed it and it is still going: never a shared link's viewer. */
  askable: boolean;
}

/**
 * The ride notifications question on Track (tracking on: OrderSuccess is never shown), asked of
 * the order's owner. A fixed card over the map, out of the page's flow, so that neither its
 * coming nor its going moves the panel (layout shift); non-modal, focus stays where it is.
 */
export function TrackNotifyCard({ shortId, askable }: TrackNotifyCardProps) {
  if (!askable || !shortId) return null;
  return <RideNotifyQuestion shortId={shortId} floating className="tr-notify" />;
}
