import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { provisionTaxi } from '../../src/driver/accounts.ts';
import type { Reply } from './api.ts';

/** The driver API as a taxi app calls it (JSON body); asserts HTTP 200. */
export async function driverCall(
  app: FastifyInstance,
  action: string,
  fields: Record<string, unknown> = {},
  host = 'localhost',
): Promise<Reply> {
  const reply = await app.inject({
    method: 'POST',
    url: '/driver/api/1/',
    headers: { host, 'content-type': 'application/json' },
    payload: { action_id: action, ...fields },
  });
  assert.equal(reply.statusCode, 200, reply.body);
  return reply.json();
}

/** A taxi of the test corporation, signed in, reporting its first position in state W. */
export async function taxi(
  app: FastifyInstance,
  callNumber: string,
  at: { lat: number; lng: number },
  corporationId = 'demo',
) {
  await provisionTaxi(app.services.storage.db, corporationId, {
    call_number: callNumber,
    color: 'white',
    brand: 'Toyota Prius',
    vehicle_registration: `KR ${callNumber}`,
    password: `secret-${callNumber}`,
  });
  const login = await driverCall(app, 'LOGIN', {
    call_number: callNumber,
    password: `secret-${callNumber}`,
  });
  assert.equal(login.status, 'OK', JSON.stringify(login));
  const token = login.token as string;
  const api = async (action: string, fields: Record<string, unknown> = {}) =>
    driverCall(app, action, { token, ...fields });
  const ok = async (action: string, fields: Record<string, unknown> = {}) => {
    const reply = await api(action, fields);
    assert.equal(reply.status, 'OK', `${callNumber} ${action}: ${JSON.stringify(reply)}`);
    return reply;
  };
  await ok('TAXI_POSITION', { ...at, state: 'W' });
  return {
    callNumber,
    token,
    api,
    ok,
    report: (point: { lat: number; lng: number }) => ok('TAXI_POSITION', point),
    offers: async () =>
      (await ok('GET_OFFERS')).offers as {
        order_id: number;
        expires_in_s: number;
        order: Reply;
      }[],
    /** Waits (long poll) until the dispatch has offered something. */
    nextOffers: async () =>
      (await ok('GET_OFFERS', { wait: 5 })).offers as {
        order_id: number;
        expires_in_s: number;
        order: Reply;
      }[],
  };
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address && typeof address === 'object');
  return `127.0.0.1:${address.port}`;
}

export { type Message, trackingSocket, trackLogin } from './track-socket.ts';
