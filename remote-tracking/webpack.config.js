import { federatedConfig } from '@taxi/tooling/webpack';
import { exposes } from './src/exposes.ts';
import { firstPaint } from './src/first-paint.ts';

// One module per screen (src/exposes.ts); the host's route table names them. The map's
// pictures (through @taxi/shared/map) are a chunk of their own that Track asks for while its
// link logs in; maplibre, another, when the passenger reaches for the map.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'tracking',
  devPort: 3002,
  exposes,
  firstPaint,
});
