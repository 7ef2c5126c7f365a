/**
 * Runs `work` once the browser is idle, or in the next task where there is no
 * requestIdleCallback (Safari): for loading what a tap will soon need without delaying what the
 * screen draws now. Returns what cancels it (an effect's clean-up).
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(work);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(work);
  return () => cancelIdleCallback(idle);
}
