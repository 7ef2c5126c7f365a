import { federatedConfig } from '@taxi/tooling/webpack';

// The shell: no remote is compiled in; they are registered at runtime from remotes.json.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'host',
  isHost: true,
  devPort: 3000,
});
