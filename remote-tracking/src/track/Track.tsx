import { usePathOrderKey } from '../common/useOrderKey';
import { TrackScreen } from './TrackScreen';

/** /t/{o}/{p}: o is the order short id, p the secret (public). */
export default function Track() {
  return <TrackScreen orderKey={usePathOrderKey()} />;
}
