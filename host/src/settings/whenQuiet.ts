/** An idle period this long (ms) has no frame to draw after it: Chromium gives 50 at most. */
const QUIET_MS = 40;
/** Idle periods follow each other about 50 ms apart; a longer gap means long tasks meanwhile. */
const BUSY_GAP_MS = 100;
/** How much time without frames, and no long task since, makes the browser quiet. */
const QUIET_FOR_MS = 1_000;

/**
 * Runs `work` once the browser has spent QUIET_FOR_MS with no frame to draw and no long task
 * since the last: after the start (and the map's), not amid it. Frames (a flight of the map, a
 * blinking caret) neither count nor start the wait again. Never without requestIdleCallback
 * (Safari): no telling a quiet moment.
 */
export function whenQuiet(work: () => void): void {
  if (typeof requestIdleCallback !== 'function') return;
  let quietMs = 0;
  let asked = performance.now();
  requestIdleCallback(function wait(deadline) {
    const now = performance.now();
    if (now - asked > BUSY_GAP_MS) quietMs = 0;
    else if (deadline.timeRemaining() >= QUIET_MS) quietMs += now - asked;
    asked = now;
    if (quietMs < QUIET_FOR_MS) requestIdleCallback(wait);
    else work();
  });
}
