// The HTTP histogram is written beside prom-client for speed: its text must be the library's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Histogram, Registry } from 'prom-client';
import { RequestHistogram } from '../../src/metrics/request-histogram.ts';

const BUCKETS = [0.01, 0.1, 1];

test("the text of its observations is prom-client's Histogram's, and raw sets bounded alike share a series", async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const fast = new RequestHistogram({
    name: 'requests',
    help: 'Requests',
    buckets: BUCKETS,
    // Past two routes every route is "other", as bounded labels are.
    labelsOf: (route, action, status) => ({
      route: ['/a', '/b'].includes(route) ? route : 'other',
      action,
      status: String(status),
    }),
    registry: ours,
  });
  const library = new Histogram({
    name: 'requests',
    help: 'Requests',
    labelNames: ['route', 'action', 'status'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  const observations: [string, string, number, number][] = [
    ['/a', 'ORDER_SIM', 200, 0.004],
    ['/a', 'ORDER_SIM', 200, 0.05],
    ['/a', 'ORDER_SIM', 200, 0.01],
    ['/a', '', 404, 2],
    ['/b', 'GET_AUTH', 200, 0.5],
    ['/c', '', 200, 0.02],
    ['/d', '', 200, 0.2],
  ];
  for (const [route, action, status, seconds] of observations) {
    fast.observe(route, action, status, seconds);
    library.observe(
      {
        route: ['/a', '/b'].includes(route) ? route : 'other',
        action,
        status: String(status),
      },
      seconds,
    );
  }
  const lines = (text: string) => text.split('\n').sort();
  assert.deepEqual(lines(await ours.metrics()), lines(await theirs.metrics()));
});
