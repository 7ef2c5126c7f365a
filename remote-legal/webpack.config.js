import { federatedConfig } from '@taxi/tooling/webpack';

// One module per screen; the host's route table names them.
export default federatedConfig({
  dir: import.meta.dirname,
  name: 'legal',
  devPort: 3004,
  exposes: {
    './AboutApp': './src/about/AboutApp.tsx',
    './InstallAppAndroid': './src/install/InstallAppAndroid.tsx',
    './InstallAppIOS': './src/install/InstallAppIOS.tsx',
    './PrivacyPolicy': './src/privacy/PrivacyPolicy.tsx',
    './PrivacyTaxi': './src/privacy/PrivacyTaxi.tsx',
    './Regulations': './src/regulations/Regulations.tsx',
    './DeleteAccount': './src/delete-account/DeleteAccount.tsx',
  },
});
