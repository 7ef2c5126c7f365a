import { federatedConfig } from '@taxi/tooling/webpack';

// Screens arrive with their own issue; until then the host shows 'not available yet'.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'ordering',
  devPort: 3001,
  exposes: {},
});
