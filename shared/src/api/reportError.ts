import type { ErrorReportForm } from '@taxi/contract';

/** Where uncaught errors go (spec section 7, "Error reporting"): a form POST. */
export const ERROR_REPORT_PATH = '/report/error/';

export interface ErrorReport {
  url?: string;
  line?: number;
  col?: number;
  message: string;
  error?: string;
  /** The part of the app that raised it (host, ordering, tracking, …) and its release. */
  part?: string;
  release?: string;
  /** The registry's view ticket: without it the report does not count in the release's health. */
  ticket?: string;
}

export function reportError(report: ErrorReport): Promise<void> {
  const form: ErrorReportForm = {
    url: report.url ?? '',
    line: String(report.line ?? ''),
    col: String(report.col ?? ''),
    message: report.message,
    error: report.error ?? '',
    user_agent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    page_url: typeof location === 'undefined' ? '' : location.href,
    languages: typeof navigator === 'undefined' ? '' : (navigator.languages ?? []).join(','),
    part: report.part ?? '',
    release: report.release ?? '',
    ticket: report.ticket ?? '',
  };
  const body = new URLSearchParams(form);
  return fetch(ERROR_REPORT_PATH, { method: 'POST', body, keepalive: true }).then(
    () => undefined,
    () => undefined,
  );
}
