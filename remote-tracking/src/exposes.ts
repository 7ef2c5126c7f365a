// The screens this remote exposes, one federation module per screen. webpack.config.js
// exposes them; the host's typecheck holds its route table to these names and renders each
// screen without props (host/src/routes/remoteScreens.ts).

/** Federation module -> its source file (webpack's `exposes`). */
export const exposes = {
  './Track': './src/track/Track.tsx',
  './TrackWithQuery': './src/track/TrackWithQuery.tsx',
  './Rate': './src/rate/Rate.tsx',
  './RateWithQuery': './src/rate/RateWithQuery.tsx',
  './OrderList': './src/order-list/OrderList.tsx',
  './Receipt': './src/receipt/Receipt.tsx',
  './Invoice': './src/invoice/Invoice.tsx',
} as const satisfies Record<keyof Screens, string>;

/** Federation module -> the module of its source file (the same files as above). */
export interface Screens {
  './Track': typeof import('./track/Track');
  './TrackWithQuery': typeof import('./track/TrackWithQuery');
  './Rate': typeof import('./rate/Rate');
  './RateWithQuery': typeof import('./rate/RateWithQuery');
  './OrderList': typeof import('./order-list/OrderList');
  './Receipt': typeof import('./receipt/Receipt');
  './Invoice': typeof import('./invoice/Invoice');
}
