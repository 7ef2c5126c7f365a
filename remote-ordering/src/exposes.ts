// The screens this remote exposes, one federation module per screen. webpack.config.js
// exposes them; the host's typecheck holds its route table to these names and renders each
// screen without props (host/src/routes/remoteScreens.ts).

/** Federation module -> its source file (webpack's `exposes`). */
export const exposes = {
  './Home': './src/home/Home.tsx',
  './OrderExpanded': './src/order-expanded/OrderExpanded.tsx',
  './OrderSummary': './src/summary/OrderSummary.tsx',
  './OrderSuccess': './src/success/OrderSuccess.tsx',
  './OrderHistory': './src/history/OrderHistory.tsx',
} as const satisfies Record<keyof Screens, string>;

/** Federation module -> the module of its source file (the same files as above). */
export interface Screens {
  './Home': typeof import('./home/Home');
  './OrderExpanded': typeof import('./order-expanded/OrderExpanded');
  './OrderSummary': typeof import('./summary/OrderSummary');
  './OrderSuccess': typeof import('./success/OrderSuccess');
  './OrderHistory': typeof import('./history/OrderHistory');
}
