import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import { ERROR_MESSAGES } from '@taxi/contract';
import type { Reply } from '../support/api.ts';
import { taxiCorporation } from '../support/fixtures.ts';
import { tempDir, writeFile } from '../support/helpers.ts';
import { signInPassenger } from '../support/process-calls.ts';
import { privatePostgres } from '../support/private-services.ts';
import { startServerProcess } from '../support/server-process.ts';

/** No call may take longer, database up or down. */
const CALL_BOUND_MS = 10_000;

async function api(base: string, body: Record<string, unknown>) {
  const started = performance.now();
  const response = await fetch(`${base}/api/2/`, {
    method: 'POST',
    body: new URLSearchParams({ cmd: JSON.stringify({ lang: 'en', ...body }) }),
    signal: AbortSignal.timeout(CALL_BOUND_MS),
  });
  const ms = performance.now() - started;
  assert.equal(response.status, 200, `${body.action_id}: HTTP ${response.status}`);
  const reply = (await response.json()) as Reply;
  if (reply.status === 'ERR') assert.ok(reply.error_data in ERROR_MESSAGES, JSON.stringify(reply));
  else assert.equal(reply.status, 'OK', JSON.stringify(reply));
  return { reply, ms };
}

/** A timed order for tomorrow, one minute apart per call key. */
function timedOrder(index: number) {
  const at = new Date(Date.now() + 24 * 3_600_000 + index * 60_000);
  const dateTime = at.toISOString().slice(0, 16).replace('T', ' ');
  return {
    order_type: 'T',
    date_time: dateTime,
    taxi_count: 1,
    poi: { lat: 50.0614, lng: 19.9366, city: 'Kraków', street: 'Rynek Główny', number: '1' },
  };
}

test(
  'PostgreSQL stopped and restarted under load: catalogue errors, recovery, nothing acknowledged lost',
  { timeout: 90_000 },
  async () => {
    const cluster = await privatePostgres();
    after(cluster.remove);
    const root = tempDir();
    writeFile(path.join(root, 'corporations/demo.json'), taxiCorporation('demo', ['127.0.0.1']));
    const server = await startServerProcess({
      CORP_DIR: path.join(root, 'corporations'),
      RELEASES_DIR: path.join(root, 'releases'),
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: cluster.url,
      SMS_DRIVER: 'outbox',
      NODE_ENV: 'test',
      LOG_LEVEL: 'fatal',
      ORDER_SAVE_PER_CLIENT_PER_HOUR: '10000',
      OPEN_SCHEDULED_ORDERS_PER_CLIENT: '10000',
    });
    after(server.kill);
    const base = server.base;
    const tokens = await Promise.all(
      ['605200001', '605200002', '605200003'].map((phone) => signInPassenger(base, phone)),
    );

    const acknowledged = new Map<string, { token: string; orderId: number }>();
    const failures = new Map<string, number>();
    let slowest = 0;
    let running = true;
    let calls = 0;
    const count = (reply: Reply, ms: number) => {
      calls++;
      slowest = Math.max(slowest, ms);
      if (reply.status === 'ERR')
        failures.set(reply.error_data, (failures.get(reply.error_data) ?? 0) + 1);
    };
    let lastOkAt = 0;

    /** One passenger saving timed orders, retrying each with its call key until acknowledged. */
    async function passenger(token: string, n: number) {
      for (let index = 0; running; index++) {
        const key = `p${n}-${index}`;
        const order = { ...timedOrder(n * 10_000 + index), call_uniqueid: key };
        for (;;) {
          const { reply, ms } = await api(base, { action_id: 'ORDER_SAVE', auth: token, order });
          count(reply, ms);
          if (reply.status === 'OK') {
            acknowledged.set(key, { token, orderId: reply.order_id });
            lastOkAt = performance.now();
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const read = await api(base, { action_id: 'GET_CURRENT_ORDERS', auth: token });
        count(read.reply, read.ms);
      }
    }

    // The first failure of the load (a hang, a 5xx, a dead server) ends the test at once.
    const load = Promise.all(tokens.map((token, n) => passenger(token, n)));
    load.catch(() => {});
    const pause = (ms: number) =>
      Promise.race([new Promise((resolve) => setTimeout(resolve, ms)), load]);
    const recoveries: number[] = [];
    try {
      for (const mode of ['fast', 'immediate'] as const) {
        await pause(1500);
        await cluster.stop(mode);
        await pause(3000);
        await cluster.start();
        const startedAt = performance.now();
        const before = acknowledged.size;
        while (acknowledged.size === before) await pause(20);
        recoveries.push(lastOkAt - startedAt);
      }
      await pause(1000);
    } finally {
      running = false;
      await load;
    }

    // Every acknowledged order is stored, and a retry of its key answers the same order.
    for (const [key, { token, orderId }] of acknowledged) {
      const listed = (await api(base, { action_id: 'GET_CURRENT_ORDERS', auth: token })).reply;
      assert.ok(
        listed.data_list.some((order: { order_id: number }) => order.order_id === orderId),
        `order ${key} lost`,
      );
    }
    for (const [key, { token, orderId }] of [...acknowledged].slice(-5)) {
      const [n, index] = key.slice(1).split('-').map(Number);
      const order = { ...timedOrder(n! * 10_000 + index!), call_uniqueid: key };
      const retry = (await api(base, { action_id: 'ORDER_SAVE', auth: token, order })).reply;
      assert.equal(retry.order_id, orderId);
    }
    assert.ok(failures.size > 0, 'the outage was seen');
    console.log(
      `PostgreSQL restarts (fast, immediate): ${calls} calls, ${acknowledged.size} orders acknowledged and kept; ` +
        `errors ${JSON.stringify(Object.fromEntries(failures))}; slowest call ${Math.round(slowest)} ms; ` +
        `first save after each start ${recoveries.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
    );
  },
);
