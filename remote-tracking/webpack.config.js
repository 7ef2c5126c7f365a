import { federatedConfig } from '@taxi/tooling/webpack';

// One module per screen; the host's route table names them. The map (maplibre, through
// @taxi/shared/map) is a chunk of its own that Track asks for while its link logs in.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'tracking',
  devPort: 3002,
  exposes: {
    './Track': './src/track/Track.tsx',
    './TrackWithQuery': './src/track/TrackWithQuery.tsx',
    './Rate': './src/rate/Rate.tsx',
    './RateWithQuery': './src/rate/RateWithQuery.tsx',
    './OrderList': './src/order-list/OrderList.tsx',
  },
});
