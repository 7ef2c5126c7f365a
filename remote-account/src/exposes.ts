// The screens this remote exposes, one federation module per screen. webpack.config.js
// exposes them; the host's typecheck holds its route table to these names and renders each
// screen without props (host/src/routes/remoteScreens.ts).

/** Federation module -> its source file (webpack's `exposes`). */
export const exposes = {
  './Auth': './src/auth/Auth.tsx',
  './Profile': './src/profile/Profile.tsx',
} as const satisfies Record<keyof Screens, string>;

/** Federation module -> the module of its source file (the same files as above). */
export interface Screens {
  './Auth': typeof import('./auth/Auth');
  './Profile': typeof import('./profile/Profile');
}
