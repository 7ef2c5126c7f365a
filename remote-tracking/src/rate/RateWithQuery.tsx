import { useQueryOrderKey } from '../common/useOrderKey';
import { RateScreen } from './RateScreen';

/** /rate/?o=&p=: rate the ride named in the query (public). */
export default function RateWithQuery() {
  return <RateScreen orderKey={useQueryOrderKey()} />;
}
