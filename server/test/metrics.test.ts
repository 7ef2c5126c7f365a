import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertOk, call, signIn } from './support/api.ts';
import { taxiCorporation } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';

const TOKEN = 'metrics-test-token-0123456789abcdefghijklmnopq';
const { app } = await startApp({
  corporations: [taxiCorporation('demo', ['localhost'])],
  config: { metricsToken: TOKEN },
});

const pickup = { lat: 50.0614, lng: 19.9366, city: 'Kraków', street: 'Rynek Główny', number: '1' };
const airport = { lat: 50.0777, lng: 19.7848, city: 'Balice', poi_name: 'Lotnisko' };

async function scrape(): Promise<string> {
  const reply = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  assert.equal(reply.statusCode, 200);
  assert.match(String(reply.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  return reply.body;
}

interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (Prometheus format 0.0.4). */
function parse(text: string): Series[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      assert.ok(match, line);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const sum = (series: Series[], name: string, labels: Record<string, string> = {}) =>
  series
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);

let phones = 0;
/** Passengers signing in, quoting and ordering, and callers sending what no label may carry. */
async function traffic(passengers: number) {
  const orderIds: number[] = [];
  const secrets: string[] = [];
  for (let n = 0; n < passengers; n++) {
    const phone = `+48603${String(1_000_000 + ++phones).slice(1)}`;
    const token = await signIn(app, phone);
    secrets.push(token);
    assertOk(
      await call(
        app,
        'ORDER_SIM',
        { order: { order_type: 'Z', poi: pickup, dst: airport } },
        { token },
      ),
    );
    const saved = assertOk(
      await call(app, 'ORDER_SAVE', { order: { order_type: 'Z', poi: pickup } }, { token }),
    );
    orderIds.push(saved.order_id);
    secrets.push(saved.track.secret);
    // An unknown action named like a phone, a token and an order id; pages under ride links.
    await call(app, phone, {}, { token });
    await call(app, token, {}, { token });
    await call(app, String(saved.order_id), {}, { token });
    await app.inject({
      method: 'GET',
      url: `/t/${saved.track.order_short_id}/${saved.track.secret}`,
    });
    await app.inject({ method: 'GET', url: `/${phone}` });
    await app.inject({ method: 'POST', url: `/nothing/${token}` });
  }
  return { orderIds, secrets };
}

test('GET /metrics: 404 without METRICS_TOKEN, 401 without the bearer token, then limited', async () => {
  const { app: closed } = await startApp();
  assert.equal((await closed.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
  const denied = await app.inject({ method: 'GET', url: '/metrics' });
  assert.equal(denied.statusCode, 401);
  assert.doesNotMatch(denied.body, /taxi_/);
  const wrong = { authorization: 'Bearer nope' };
  for (let n = 1; n < 20; n++)
    assert.equal(
      (await app.inject({ method: 'GET', url: '/metrics', headers: wrong })).statusCode,
      401,
    );
  assert.equal(
    (await app.inject({ method: 'GET', url: '/metrics', headers: wrong })).statusCode,
    429,
  );
});

test('after traffic: requests by route, action and status, orders, SMS, default metrics; no label carries a phone, token or order id; the series stay bounded', async () => {
  const before = parse(await scrape());
  const first = await traffic(3);
  const after = parse(await scrape());

  const placed = sum(after, 'taxi_orders_placed_total') - sum(before, 'taxi_orders_placed_total');
  assert.equal(placed, 3);
  assert.equal(sum(after, 'taxi_order_events_total', { action: 'created' }), 3);
  assert.equal(sum(after, 'taxi_sms_total', { outcome: 'sent' }), 3);
  const quotes = { route: '/api/2/', action: 'ORDER_SIM', status: '200' };
  assert.equal(sum(after, 'taxi_http_request_duration_seconds_count', quotes), 3);
  assert.ok(
    sum(after, 'taxi_http_request_duration_seconds_bucket', { ...quotes, le: '+Inf' }) === 3,
  );
  assert.equal(
    sum(after, 'taxi_http_request_duration_seconds_count', { route: '/api/2/', action: 'other' }),
    9,
  );
  assert.equal(sum(after, 'taxi_api_replies_total', { action: 'ORDER_SAVE', result: 'OK' }), 3);
  for (const name of [
    'nodejs_eventloop_lag_p99_seconds',
    'nodejs_heap_size_used_bytes',
    'process_cpu_seconds_total',
    'taxi_tracking_sockets',
    'taxi_dispatch_queue',
    'taxi_raster_tiles_queued',
  ])
    assert.ok(
      after.some((s) => s.name === name),
      name,
    );
  assert.ok(after.some((s) => s.name === 'taxi_orders_open'));
  if (app.services.storage.engine === 'postgres')
    assert.ok(after.some((s) => s.name === 'taxi_db_pool_connections'));
  assert.match(await scrape(), /# TYPE nodejs_gc_duration_seconds histogram/);

  // A second round of other passengers, orders and junk adds no series.
  const second = await traffic(3);
  const later = parse(await scrape());
  const key = (s: Series) => `${s.name}${JSON.stringify(s.labels)}`;
  // The project's own series (Node's default ones gain a GC kind when it first runs).
  const grown = later
    .filter((s) => s.name.startsWith('taxi_'))
    .map(key)
    .filter((k) => !new Set(after.map(key)).has(k));
  assert.deepEqual(grown, [], 'no new series from more of the same traffic');
  assert.ok(later.length < 2000, `${later.length} series`);

  const secrets = [...first.secrets, ...second.secrets];
  const ids = new Set([...first.orderIds, ...second.orderIds].map(String));
  // Node's version is the one series whose labels are numbers by nature.
  for (const series of later.filter((s) => s.name !== 'nodejs_version_info'))
    for (const [label, value] of Object.entries(series.labels)) {
      if (label === 'le' || label === 'quantile') continue;
      assert.doesNotMatch(value, /\d{7}/, `${series.name} ${label}="${value}" looks like a phone`);
      assert.ok(!ids.has(value), `${series.name} ${label}="${value}" is an order id`);
      assert.ok(
        !secrets.some((secret) => value.includes(secret)),
        `${series.name} ${label}="${value}" carries a token`,
      );
      // Numbers are HTTP statuses: an id never is a label.
      if (label !== 'status')
        assert.doesNotMatch(value, /^\d+$/, `${series.name} ${label}="${value}"`);
    }
});
