import { federatedConfig } from '@taxi/tooling/webpack';
import { exposes } from './src/exposes.ts';
import { firstPaint } from './src/first-paint.ts';

// One module per screen (src/exposes.ts); the host's route table names them. The map
// (maplibre, through @taxi/shared/map) is a chunk of its own that Track asks for while its
// link logs in.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'tracking',
  devPort: 3002,
  exposes,
  firstPaint,
});
