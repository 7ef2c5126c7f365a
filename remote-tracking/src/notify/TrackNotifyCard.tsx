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
 * the order's owner at the end of the panel, in its flow: a card over the map covered the panel
 * on a small phone with large text (320 px, 150 %), where the panel takes most of the screen.
 * Non-modal, focus stays where it is.
 */
export function TrackNotifyCard({ shortId, askable }: TrackNotifyCardProps) {
  if (!askable || !shortId) return null;
  return <RideNotifyQuestion shortId={shortId} floating className="tr-notify" />;
}
