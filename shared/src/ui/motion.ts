/** Whether the passenger asked the system for less motion (WCAG 2.3.3): animations then jump. */
export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
