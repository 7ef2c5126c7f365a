import { federatedConfig } from '@taxi/tooling/webpack';

// One module per screen; the host's route table names them.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'account',
  devPort: 3003,
  exposes: {
    './Auth': './src/auth/Auth.tsx',
    './Profile': './src/profile/Profile.tsx',
  },
});
