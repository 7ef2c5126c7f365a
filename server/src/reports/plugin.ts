import type { FastifyInstance } from 'fastify';
import { refuseCrossSite } from '../api/cross-site.ts';
import { ApiFailure } from '../base/errors.ts';
import { redactUrl } from '../base/redact.ts';
import { spend } from '../events/limits.ts';
import { readTicket, TICKET_LIMIT } from './ticket.ts';
import type { Services } from '../base/services.ts';
import { countError, type IsRelease, reportedSource, type Seen } from './health.ts';
import { saveErrorReport } from './store.ts';

export const REPORT_FIELDS = [
  'url',
  'line',
  'col',
  'message',
  'error',
  'user_agent',
  'page_url',
  'languages',
] as const;
type ErrorReport = Record<(typeof REPORT_FIELDS)[number], string>;

const FIELD_LIMIT = 4000;

/** The browser's uncaught-error reports (spec section 7, "Error reporting"). */
export function readReport(body: unknown): ErrorReport {
  if (!body || typeof body !== 'object')
    throw new ApiFailure('ARG_ERROR', 'Expected a form with the error report');
  const form = body as Record<string, unknown>;
  const report = {} as ErrorReport;
  for (const field of REPORT_FIELDS) {
    const raw = form[field];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value !== undefined && typeof value !== 'string')
      throw new ApiFailure('ARG_ERROR', `${field}: expected text`);
    report[field] = (value ?? '').slice(0, FIELD_LIMIT);
  }
  // The page of a tracking link holds the order secret in its URL.
  report.url = redactUrl(report.url);
  report.page_url = redactUrl(report.page_url);
  if (!report.message && !report.error)
    throw new ApiFailure('ARG_ERROR', 'message or error is required');
  return report;
}

/** A page in a crash loop reports again and again; past this, reports of that address are refused. */
const REPORTS_PER_IP_PER_HOUR = 60;
const HOUR = 60 * 60_000;

/** The view ticket a report carries (ticket.ts); '' without one. */
function ticketOf(body: unknown): string {
  const ticket = (body as Record<string, unknown>).ticket;
  if (typeof ticket !== 'string') return '';
  if (ticket.length > TICKET_LIMIT)
    throw new ApiFailure('ARG_ERROR', `ticket: at most ${TICKET_LIMIT} characters`);
  return ticket;
}

/**
 * Counts a report against its release's health only when its ticket says this corporation served
 * that release to the device: a report without one is kept for the operator, not counted.
 */
async function countReportedError(
  { storage, releaseKey }: Services,
  corporation: string,
  source: Seen,
  ticket: string,
  now: number,
): Promise<void> {
  const view = ticket ? readTicket(releaseKey, ticket, corporation, now) : null;
  const served = view?.releases.find(
    ({ part, release }) => part === source.part && release === source.release,
  );
  if (view && served) await countError(storage.db, corporation, view, served);
}

/** Stored for the operator; the log gets a warning too. */
/**
 * Browser error reports. `isRelease` tells a real part and release from a made-up one: the
 * composition root hands in the releases' own check.
 */
export async function reportsPlugin(
  app: FastifyInstance,
  { services, isRelease }: { services: Services; isRelease: IsRelease },
) {
  const { storage, corporations, clock, clientAddress, limits } = services;
  app.post('/report/error/', { bodyLimit: 64 * 1024 }, async (request) => {
    const corporation = corporations.forRequest(request);
    // A foreign page's reports would skew a release's error rate (and the automatic rollback).
    refuseCrossSite(request.headers, corporation);
    const report = readReport(request.body);
    // Which release raised it, for that release's error rate (release health).
    const source = reportedSource(request.body, isRelease);
    const ticket = ticketOf(request.body);
    const now = clock.now();
    const ip = clientAddress(request.raw);
    // Counted and checked in one step, so that reports sent at once cannot pass the limit together.
    await spend(
      limits,
      `error-reports:${ip}`,
      REPORTS_PER_IP_PER_HOUR,
      HOUR,
      'Too many error reports; try again later',
    );
    request.log.warn({ report }, 'browser error report');
    await saveErrorReport(storage.db, {
      ...report,
      ...source,
      corporation_id: corporation?.id ?? null,
      ip,
      created_at: now,
    });
    if (corporation && source.part)
      await countReportedError(services, corporation.id, source, ticket, now);
    return { status: 'OK' };
  });
}
