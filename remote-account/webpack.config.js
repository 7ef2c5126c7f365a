import { federatedConfig } from '@taxi/tooling/webpack';
import { exposes } from './src/exposes.ts';
import { firstPaint } from './src/first-paint.ts';

// One module per screen (src/exposes.ts); the host's route table names them.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'account',
  devPort: 3003,
  exposes,
  firstPaint,
});
