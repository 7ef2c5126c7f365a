// The process's Prometheus metrics (server/README.md, Metrics): every concern records through one
// small call of this module, so that names, labels and their bounds live in one place.
import type { FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { RequestHistogram } from './request-histogram.ts';

/** One registry per process: the counters add up over every app a process runs (tests run several). */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Distinct values one label of one metric may take; later ones are counted as "other". */
const VALUES_PER_LABEL = 100;
/** What a label value may look like: route patterns, action names, codes, versions. */
const LABEL_VALUE = /^[A-Za-z0-9_.:/@-]{0,80}$/;
/** A run of digits as long as a phone number's, or an id's: never a label. */
const LONG_NUMBER = /\d{7}/;

const seen = new Map<string, Set<string>>();

/**
 * The value as a label, or "other": the set of each label stays small and known, whatever a
 * caller sends, and no phone, token or order id becomes a series.
 */
export function bounded(metric: string, label: string, value: string): string {
  if (!LABEL_VALUE.test(value) || LONG_NUMBER.test(value)) return 'other';
  const key = `${metric}\u0000${label}`;
  let values = seen.get(key);
  if (!values) seen.set(key, (values = new Set()));
  if (values.has(value)) return value;
  if (values.size >= VALUES_PER_LABEL) return 'other';
  values.add(value);
  return value;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const httpDuration = new RequestHistogram({
  name: 'taxi_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, API action (the spec names; "other" for unknown) and status, with their time',
  buckets: SECONDS,
  labelsOf: (route, action, status) => ({
    route: bounded('http', 'route', route),
    action: bounded('http', 'action', action),
    status: String(status),
  }),
  registry,
});

/** One request answered: its route pattern, API action ('' for none), status and time. */
export function httpRequestDone(route: string, action: string, status: number, seconds: number) {
  httpDuration.observe(route, action, status, seconds);
}

const apiReplies = new Counter({
  name: 'taxi_api_replies_total',
  help: 'API replies by action and result: OK or the catalogue error code',
  labelNames: ['action', 'result'],
  registers: [registry],
});

const trackingSockets = new Gauge({
  name: 'taxi_tracking_sockets',
  help: 'Tracking sockets open',
  registers: [registry],
});

const trackingMessages = new Counter({
  name: 'taxi_tracking_messages_sent_total',
  help: 'Messages sent on tracking sockets',
  registers: [registry],
});

const reportDelay = new Histogram({
  name: 'taxi_report_to_passenger_seconds',
  help: "From a taxi's position report to its message on a passenger's tracking socket",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  registers: [registry],
});

const ordersPlaced = new Counter({
  name: 'taxi_orders_placed_total',
  help: 'Orders placed (ORDER_SAVE acknowledged, not a repeated call key) by order type',
  labelNames: ['type'],
  registers: [registry],
});

const orderEvents = new Counter({
  name: 'taxi_order_events_total',
  help: "Entries of the orders' log by action: offers accepted, rejected, timed out, rides ended…",
  labelNames: ['action'],
  registers: [registry],
});

const dispatchQueue = new Gauge({
  name: 'taxi_dispatch_queue',
  help: "Orders short of taxis at this process's last dispatch round",
  registers: [registry],
});

const sms = new Counter({
  name: 'taxi_sms_total',
  help: 'Text messages by outcome (sent, failed, refused) and reason',
  labelNames: ['outcome', 'reason'],
  registers: [registry],
});

const pushes = new Counter({
  name: 'taxi_pushes_total',
  help: 'Web Push notifications by outcome: sent, gone (subscription ended), failed, dropped (queue full)',
  labelNames: ['outcome'],
  registers: [registry],
});

const rasterDrawn = new Histogram({
  name: 'taxi_raster_tiles_drawn_seconds',
  help: 'Raster map tiles drawn, with the time from asking to the picture (queue included), by result',
  labelNames: ['result'],
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const rasterQueue = new Gauge({
  name: 'taxi_raster_tiles_queued',
  help: 'Raster map tiles asked for and not yet drawn',
  registers: [registry],
});

const releaseViews = new Counter({
  name: 'taxi_release_page_views_total',
  help: "Page loads by corporation, part, release and bucket (canary: the part's canary share)",
  labelNames: ['corporation', 'part', 'release', 'bucket'],
  registers: [registry],
});

const releaseErrors = new Counter({
  name: 'taxi_release_errors_total',
  help: 'Error reports counted against a release, by corporation, part, release and bucket',
  labelNames: ['corporation', 'part', 'release', 'bucket'],
  registers: [registry],
});

/** The API action each request ran, for the HTTP metrics (set by the transport). */
const actions = new WeakMap<FastifyRequest, string>();

export function recordAction(request: FastifyRequest, name: string): void {
  actions.set(request, name);
}

export function actionOf(request: FastifyRequest): string | undefined {
  return actions.get(request);
}

/** Counts an API reply: OK, or the catalogue error the caller got. */
export function countReply(request: FastifyRequest, result: string): void {
  const action = actions.get(request);
  if (action) apiReplies.inc({ action, result: bounded('api', 'result', result) });
}

export function trackingSocketOpened(): void {
  trackingSockets.inc();
}

export function trackingSocketClosed(): void {
  trackingSockets.dec();
}

export function trackingMessageSent(): void {
  trackingMessages.inc();
}

/** A taxi's position, reported at `reportedAt` (epoch ms), is sent to a passenger now. */
export function taxiReportDelivered(reportedAt: number): void {
  reportDelay.observe(Math.max(0, Date.now() - reportedAt) / 1000);
}

export function orderPlaced(type: string): void {
  ordersPlaced.inc({ type: bounded('orders_placed', 'type', type) });
}

export function orderEvent(action: string): void {
  orderEvents.inc({ action: bounded('order_events', 'action', action) });
}

export function dispatchRound(ordersShortOfTaxis: number): void {
  dispatchQueue.set(ordersShortOfTaxis);
}

export function smsSent(): void {
  sms.inc({ outcome: 'sent', reason: '' });
}

/** A send that failed: "timeout" when the gateway did not answer in time, else "gateway". */
export function smsFailed(error: unknown): void {
  const reason = (error as Error | null)?.name === 'TimeoutError' ? 'timeout' : 'gateway';
  sms.inc({ outcome: 'failed', reason });
}

/** A message the limits refused: counted, and the failure handed back to be thrown. */
export function smsRefused<E>(reason: string, failure: E): E {
  sms.inc({ outcome: 'refused', reason: bounded('sms', 'reason', reason) });
  return failure;
}

export function pushOutcome(outcome: 'sent' | 'gone' | 'failed' | 'dropped'): void {
  pushes.inc({ outcome });
}

/** Counts and times one raster tile from asking to the picture. */
export async function rasterDraw<T>(drawing: Promise<T>): Promise<T> {
  rasterQueue.inc();
  const stop = rasterDrawn.startTimer();
  try {
    const picture = await drawing;
    stop({ result: 'drawn' });
    return picture;
  } catch (error) {
    stop({ result: 'failed' });
    throw error;
  } finally {
    rasterQueue.dec();
  }
}

/** A release as a device got it: the part, its version, and the bucket that chose it. */
interface ServedRelease {
  part: string;
  release: string;
  bucket: 'canary' | 'stable';
}

export function releasePageViews(corporation: string, releases: readonly ServedRelease[]): void {
  for (const served of releases) releaseViews.inc(releaseLabels(corporation, served));
}

export function releaseError(corporation: string, served: ServedRelease): void {
  releaseErrors.inc(releaseLabels(corporation, served));
}

function releaseLabels(corporation: string, { part, release, bucket }: ServedRelease) {
  return {
    corporation: bounded('release', 'corporation', corporation),
    part: bounded('release', 'part', part),
    release: bounded('release', 'release', release),
    bucket,
  };
}
