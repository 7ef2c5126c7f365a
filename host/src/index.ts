// Async boundary: shared singletons are negotiated before any of them is used.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
// The service worker is registered once the page has loaded (sw/register.ts), so its code is
// fetched then too: no byte of it before the first screen.
window.addEventListener(
  'load',
  () => void import('./sw/register').then((sw) => sw.registerServiceWorker()),
  { once: true },
);
