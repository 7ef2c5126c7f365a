// A view ticket: the registry's signed note of which releases it served a counted device in
// which hour. An error report counts against a release only with a ticket naming it, so a report
// from anywhere else (curl, a device past its address's cap) is kept but never counted.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { hourOf, type Served } from './health.ts';

export interface ViewTicket {
  corporation: string;
  /** The hashed device id (reports/health.ts, passengerOf). */
  passenger: string;
  /** The hour of the view the errors are counted in. */
  hour: number;
  releases: Served[];
}

/** A page open this long still reports against the view that loaded it. */
const TICKET_HOURS = 24;
const HOUR = 60 * 60_000;

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`view-ticket\n${payload}`).digest().subarray(0, 16);
}

export function issueTicket(key: Buffer, ticket: ViewTicket): string {
  const payload = Buffer.from(
    JSON.stringify([
      ticket.corporation,
      ticket.passenger,
      ticket.hour,
      ticket.releases.map(({ part, release, bucket }) => [part, release, bucket]),
    ]),
  ).toString('base64url');
  return `${payload}.${signature(key, payload).toString('base64url')}`;
}

/** The ticket, when the server signed it for this corporation within the last day; else null. */
export function readTicket(
  key: Buffer,
  text: string,
  corporation: string,
  now: number,
): ViewTicket | null {
  const [payload = '', mac = ''] = text.split('.');
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [id, passenger, hour, releases] = JSON.parse(
    Buffer.from(payload, 'base64url').toString('utf8'),
  ) as [string, string, number, [string, string, string?][]];
  if (id !== corporation || hour > hourOf(now) || hour < hourOf(now) - TICKET_HOURS * HOUR)
    return null;
  return {
    corporation: id,
    passenger,
    hour,
    // A ticket signed before buckets were in tickets names no bucket: stable, the usual one.
    releases: releases.map(([part, release, bucket]) => ({
      part,
      release,
      bucket: bucket === 'canary' ? 'canary' : 'stable',
    })),
  };
}
