import { useQueryOrderKey } from '../common/useOrderKey';
import { TrackScreen } from './TrackScreen';

/** /track/?o=&p=: the order short id and the secret in the query (public). */
export default function TrackWithQuery() {
  return <TrackScreen orderKey={useQueryOrderKey()} />;
}
