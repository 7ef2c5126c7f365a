// Spec section 7, "Other calls": settings.json's query and the browser's error report, as the
// server checks them (server/src/base/check.ts). An absent or empty field is ''.
import { type Static, Type } from '@sinclair/typebox';

/** GET settings.json?t=…&hostname=…: the time stamp only defeats caches; the server reads the hostname. */
export const SettingsQuerySchema = Type.Object({
  hostname: Type.String({ maxLength: 253, default: '' }),
});

/** The fields of an error report kept for the operator. */
export const ERROR_REPORT_FIELDS = [
  'url',
  'line',
  'col',
  'message',
  'error',
  'user_agent',
  'page_url',
  'languages',
] as const;

/** The longest part name or release a report may name: longer is no release of ours. */
export const REPORTED_SOURCE_LIMIT = 64;
/** The longest view ticket the registry hands out, with room to spare. */
export const TICKET_LIMIT = 1024;

const reportText = () => Type.String({ default: '' });

/** POST /report/error/, form-encoded: what went wrong, where, and which release raised it. */
export const ErrorReportSchema = Type.Object({
  ...(Object.fromEntries(ERROR_REPORT_FIELDS.map((field) => [field, reportText()])) as {
    [field in (typeof ERROR_REPORT_FIELDS)[number]]: ReturnType<typeof reportText>;
  }),
  /** The part of the app that raised it (host, ordering, tracking, …) and its release. */
  part: Type.String({ maxLength: REPORTED_SOURCE_LIMIT, default: '' }),
  release: Type.String({ maxLength: REPORTED_SOURCE_LIMIT, default: '' }),
  /** The registry's view ticket: without it the report does not count in the release's health. */
  ticket: Type.String({ maxLength: TICKET_LIMIT, default: '' }),
});

export type SettingsQuery = Static<typeof SettingsQuerySchema>;
/** The error report's form, every field as text. */
export type ErrorReportForm = Static<typeof ErrorReportSchema>;
