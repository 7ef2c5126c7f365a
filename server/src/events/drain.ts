/**
 * One drain of an outbox at a time in a process. `round` claims and handles one batch and says
 * whether it was full (more may wait); a call while a drain runs makes that drain look once more
 * instead of starting a second beside it.
 */
export function serialDrain(round: () => Promise<boolean>) {
  let draining: Promise<void> | undefined;
  let again = false;
  return {
    drain(): Promise<void> {
      if (draining) {
        again = true;
        return draining;
      }
      draining = (async () => {
        do {
          again = false;
          if (await round()) again = true;
        } while (again);
      })().finally(() => {
        draining = undefined;
      });
      return draining;
    },
    /** The drain under way, if any, settled either way (for a close to wait on). */
    settled(): Promise<void> {
      return (draining ?? Promise.resolve()).catch(() => {});
    },
  };
}
