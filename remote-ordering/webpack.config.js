import { federatedConfig } from '@taxi/tooling/webpack';
import { exposes } from './src/exposes.ts';
import { firstPaint } from './src/first-paint.ts';

// One module per screen (src/exposes.ts); the host's route table names them. The map
// (maplibre) is a chunk of its own that Home asks for after its form is on screen.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'ordering',
  devPort: 3001,
  exposes,
  firstPaint,
});
