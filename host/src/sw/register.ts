// Registers the service worker (sw/worker.ts, served at /sw.js) in production builds, once the
// page has loaded and the browser is idle, so it never competes with the first screen.
declare const __TAXI_SERVICE_WORKER__: boolean | undefined;

export function registerServiceWorker(): void {
  if (typeof __TAXI_SERVICE_WORKER__ === 'undefined' || !__TAXI_SERVICE_WORKER__) return;
  const container = navigator.serviceWorker;
  if (!container) return;
  // A page the worker does not control yet fetched its files without it: hand it their URLs.
  const uncontrolled = !container.controller;
  const register = () =>
    container
      .register('/sw.js')
      .then(() => container.ready)
      .then((registration) => {
        if (!uncontrolled) return;
        const urlsToCache = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
      })
      .catch((error: unknown) => console.warn('service worker not registered:', error));
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
