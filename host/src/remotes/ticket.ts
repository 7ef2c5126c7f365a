import { reportError, type ErrorReport } from '@taxi/shared';

let ticket: string | undefined;

/** Keeps the view ticket the registry gave this page (none when the server did not count it). */
export function keepViewTicket(value: string | undefined): void {
  ticket = value;
}

/**
 * Reports an error with this page's view ticket: the server counts it against the release's
 * health only when the ticket says it served that release to this device.
 */
export function reportReleaseError(report: ErrorReport): Promise<void> {
  return reportError(ticket ? { ...report, ticket } : report);
}
