import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { post, signInPassenger } from '../support/process-calls.ts';
import { startDeployment, timedOrder } from '../support/process-setup.ts';
import { privateHaproxy, privatePrometheus } from '../support/private-services.ts';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN = 'prometheus-test-token-0123456789abcdefghijklmnopq';
const PASSENGERS = 4;
const ORDERS_EACH = 5;

test(
  'Prometheus scrapes three processes behind HAProxy; PromQL counts the orders placed through the balancer',
  { timeout: 120_000 },
  async () => {
    const { servers } = await startDeployment({
      processes: ['a', 'b', 'c'],
      redisUrl: REDIS,
      database: 'taxi_prometheus',
      taxis: [],
      env: { METRICS_TOKEN: TOKEN },
    });
    const hosts = Object.values(servers).map((server) => new URL(server.base).host);
    const balancer = await privateHaproxy(hosts);
    after(balancer.remove);
    const prometheus = await privatePrometheus(hosts, TOKEN);
    after(prometheus.remove);

    // Signed in on one process (its SMS outbox), ordering through the balancer.
    let placed = 0;
    for (let p = 0; p < PASSENGERS; p++) {
      const auth = await signInPassenger(servers.a.base, `+4860440000${p}`);
      for (let n = 0; n < ORDERS_EACH; n++) {
        const saved = await post(balancer.base, '/api/2/', {
          action_id: 'ORDER_SAVE',
          auth,
          order: timedOrder(p * 100 + n, `p${p}-${n}`),
        });
        assert.equal(saved.status, 'OK', JSON.stringify(saved));
        placed += 1;
      }
    }

    // Scraped every second: the sum over the processes reaches the count, and stays there.
    const value = async (promql: string) => Number((await prometheus.query(promql))[0]?.value[1]);
    const until = Date.now() + 30_000;
    let counted = NaN;
    while (Date.now() < until) {
      counted = await value('sum(taxi_orders_placed_total{job="taxi"})');
      if (counted === placed) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(counted, placed);
    assert.equal(await value('count(up{job="taxi"} == 1)'), 3, 'all three processes scraped');
    assert.equal(
      await value('count(taxi_orders_placed_total{job="taxi"} > 0)'),
      3,
      'the balancer spread the orders over the three processes',
    );
    assert.equal(await value('sum(taxi_redis_connected{job="taxi"})'), 3, 'Redis connected');
    assert.equal(await value('count(taxi_db_pool_connections{job="taxi",use="waiting"})'), 3);
    const saves = await value(
      'sum(taxi_http_request_duration_seconds_count{job="taxi",action="ORDER_SAVE",status="200"})',
    );
    assert.equal(saves, placed);
    console.log(
      `Prometheus over 3 processes behind HAProxy: sum(taxi_orders_placed_total) = ${counted} of ${placed} placed`,
    );
  },
);
