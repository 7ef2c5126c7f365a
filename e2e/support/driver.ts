// A taxi driven through the real driver API (as a driver's app would), for browser tests that
// need a taxi to accept an order, report its position and then fall silent.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, type RunningApp } from './app.ts';

type Reply = { status: string; [field: string]: unknown };

interface Point {
  lat: number;
  lng: number;
}

/**
 * A taxi of the corporation, added with the operator's tool, signed in and reporting `at` in
 * state W (free), so that the dispatch offers it the nearest orders.
 */
export async function signInTaxi(
  app: RunningApp,
  callNumber: string,
  at: Point,
  { corporation = 'demo', hostname = 'localhost' } = {},
) {
  const password = `secret-${callNumber}`;
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'server/src/cli.ts'),
      'add-taxi',
      corporation,
      callNumber,
      '--color',
      'Silver',
      '--brand',
      'Skoda Octavia',
      '--plate',
      `KR ${callNumber}`,
      '--password',
      password,
    ],
    { env: { ...process.env, CORP_DIR: app.corpDir, DATA_DIR: app.dataDir }, stdio: 'pipe' },
  );
  const call = async (action: string, fields: Record<string, unknown>) => {
    const response = await fetch(`${app.url}/driver/api/1/?${new URLSearchParams({ hostname })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action_id: action, ...fields }),
    });
    return (await response.json()) as Reply;
  };
  const login = await call('LOGIN', { call_number: callNumber, password });
  assert.equal(login.status, 'OK', JSON.stringify(login));
  const ok = async (action: string, fields: Record<string, unknown> = {}) => {
    const reply = await call(action, { token: login.token, ...fields });
    assert.equal(reply.status, 'OK', `${callNumber} ${action}: ${JSON.stringify(reply)}`);
    return reply;
  };
  await ok('TAXI_POSITION', { ...at, state: 'W' });
  let accepted: number | null = null;
  return {
    callNumber,
    /** One position report (TAXI_POSITION), in `state` when given. */
    report: (point: Point, state?: string) =>
      ok('TAXI_POSITION', { ...point, ...(state ? { state } : {}) }),
    /** Waits (long polls) until the dispatch offers the order, then accepts it. */
    accept: async (orderShortId: string) => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        const { offers } = (await ok('GET_OFFERS', { wait: 5 })) as unknown as {
          offers: { order_id: number; order: { order_short_id: string } }[];
        };
        const offer = offers.find((one) => one.order.order_short_id === orderShortId);
        if (offer) {
          accepted = offer.order_id;
          return ok('OFFER_ACCEPT', { order_id: offer.order_id });
        }
      }
      throw new Error(`taxi ${callNumber} was not offered order ${orderShortId} within 30 s`);
    },
    /**
     * The next step of the order accepted last: at the pickup, the client in, the ride over
     * (with the fields of the step, such as RIDE_END's price).
     */
    step: (
      action: 'ORDER_ARRIVED' | 'ORDER_CLIENT_IN' | 'RIDE_END',
      fields: Record<string, unknown> = {},
    ) => {
      assert.ok(accepted !== null, `taxi ${callNumber} accepted no order`);
      return ok(action, { ...fields, order_id: accepted });
    },
  };
}
