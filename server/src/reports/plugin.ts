import type { FastifyInstance } from 'fastify';
import { refuseCrossSite } from '../api/cross-site.ts';
import { ERROR_REPORT_FIELDS, ErrorReportSchema } from '@taxi/contract/schemas';
import { compileCheck } from '../base/check.ts';
import { ApiFailure } from '../base/errors.ts';
import { redactUrl } from '../base/redact.ts';
import { spend } from '../events/limits.ts';
import { readTicket } from './ticket.ts';
import type { Services } from '../base/services.ts';
import { countError, type IsRelease, reportedSource, type Seen } from './health.ts';
import { saveErrorReport } from './store.ts';

const checkReport = compileCheck(ErrorReportSchema);

/** What an error report keeps of a field: stack traces can run long. */
const FIELD_LIMIT = 4000;

/** The browser's uncaught-error reports (spec section 7, "Error reporting"). */
function readReport(body: unknown) {
  if (!body || typeof body !== 'object')
    throw new ApiFailure('ARG_ERROR', 'Expected a form with the error report');
  const { part, release, ticket, ...fields } = checkReport(body);
  const report = Object.fromEntries(
    ERROR_REPORT_FIELDS.map((field) => [field, fields[field].slice(0, FIELD_LIMIT)]),
  ) as Record<(typeof ERROR_REPORT_FIELDS)[number], string>;
  // The page of a tracking link holds the order secret in its URL.
  report.url = redactUrl(report.url);
  report.page_url = redactUrl(report.page_url);
  if (!report.message && !report.error)
    throw new ApiFailure('ARG_ERROR', 'message or error is required');
  return { report, source: { part, release }, ticket };
}

/** A page in a crash loop reports again and again; past this, reports of that address are refused. */
const REPORTS_PER_IP_PER_HOUR = 60;
const HOUR = 60 * 60_000;

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
    const { report, source: named, ticket } = readReport(request.body);
    // Which release raised it, for that release's error rate (release health).
    const source = reportedSource(named, isRelease);
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
