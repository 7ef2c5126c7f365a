// The screens this remote exposes, one federation module per screen. webpack.config.js
// exposes them; the host's typecheck holds its route table to these names and renders each
// screen without props (host/src/routes/remoteScreens.ts).

/** Federation module -> its source file (webpack's `exposes`). */
export const exposes = {
  './AboutApp': './src/about/AboutApp.tsx',
  './InstallAppAndroid': './src/install/InstallAppAndroid.tsx',
  './InstallAppIOS': './src/install/InstallAppIOS.tsx',
  './PrivacyPolicy': './src/privacy/PrivacyPolicy.tsx',
  './PrivacyTaxi': './src/privacy/PrivacyTaxi.tsx',
  './Regulations': './src/regulations/Regulations.tsx',
  './DeleteAccount': './src/delete-account/DeleteAccount.tsx',
} as const satisfies Record<keyof Screens, string>;

/** Federation module -> the module of its source file (the same files as above). */
export interface Screens {
  './AboutApp': typeof import('./about/AboutApp');
  './InstallAppAndroid': typeof import('./install/InstallAppAndroid');
  './InstallAppIOS': typeof import('./install/InstallAppIOS');
  './PrivacyPolicy': typeof import('./privacy/PrivacyPolicy');
  './PrivacyTaxi': typeof import('./privacy/PrivacyTaxi');
  './Regulations': typeof import('./regulations/Regulations');
  './DeleteAccount': typeof import('./delete-account/DeleteAccount');
}
