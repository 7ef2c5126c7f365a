import { atom } from 'jotai';
import { sessionStore } from '@taxi/shared';
import { reportReleaseError } from '../remotes/ticket';
import { attributeError } from './attribution';

/** Set when an uncaught error was reported, so the shell can tell the passenger. */
export const uncaughtErrorAtom = atom(false);

/** Uncaught errors are sent to the error-reporting endpoint and the user is alerted. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => {
    // Resource load failures (img, script) arrive here too, without an error object.
    if (!(event instanceof ErrorEvent)) return;
    const error =
      event.error instanceof Error
        ? (event.error.stack ?? String(event.error))
        : String(event.error);
    void reportReleaseError({
      url: event.filename,
      line: event.lineno,
      col: event.colno,
      message: event.message,
      error,
      ...attributeError(event.filename, error),
    });
    sessionStore.set(uncaughtErrorAtom, true);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const error = reason instanceof Error ? (reason.stack ?? reason.name) : String(reason);
    void reportReleaseError({
      message: reason instanceof Error ? reason.message : String(reason),
      error,
      ...attributeError(undefined, error),
    });
    sessionStore.set(uncaughtErrorAtom, true);
  });
}
