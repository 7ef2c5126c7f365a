import { usePathOrderKey } from '../common/useOrderKey';
import { RateScreen } from './RateScreen';

/** /r/{o}/{p}: rate the ride of that order (public). */
export default function Rate() {
  return <RateScreen orderKey={usePathOrderKey()} />;
}
