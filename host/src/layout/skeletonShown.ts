/**
 * Resolves once the browser has shown the page's skeleton (its first contentful paint), `withinMs`
 * at most. React's first render replaces the skeleton; when the scripts come fast (cached, a fast
 * network) they could run before the browser's first frame, and the passenger's first sight was
 * then React's copy of the skeleton's texts, a frame or more later, instead of the server's.
 * A hidden page paints nothing: it does not wait, nor once hidden meanwhile (the passenger turned
 * to another tab), nor in a browser without paint timing.
 */
export function skeletonShown(withinMs: number): Promise<void> {
  // A browser that does not time paints would only wait the whole while (it warns, not throws).
  const timesPaints =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState !== 'visible' || !timesPaints) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, withinMs);
    document.addEventListener('visibilitychange', done);
    observer.observe({ type: 'paint', buffered: true });
  });
}
