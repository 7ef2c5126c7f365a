import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertErr, assertOk, call, rateCall, signIn, wrongSecret } from './support/api.ts';
import { operator, taxiCorporation } from './support/fixtures.ts';
import { startApp } from './support/helpers.ts';

const server = await startApp({
  corporations: [
    taxiCorporation('demo', ['localhost']),
    taxiCorporation('other', ['other.example']),
  ],
});
const { app } = server;
let phones = 0;

async function ride(state?: string) {
  const token = await signIn(app, `+48603${String(1_000_000 + ++phones).slice(1)}`);
  const { track } = assertOk(
    await call(app, 'ORDER_SAVE', { order: { poi: { lat: 50.06, lng: 19.94 } } }, { token }),
  );
  if (state)
    assert.equal(operator(server, 'order-state', 'demo', track.order_short_id, state).status, 0);
  return track as { order_short_id: string; secret: string };
}

describe('rating API: GET_RATE and SET_RATE', () => {
  test('a finished ride is rated once; data.rate is null until then', async () => {
    const track = await ride('Z');
    const before = assertOk(await rateCall(app, 'GET_RATE', track));
    assert.equal(before.data.rate, null);
    const set = await rateCall(app, 'SET_RATE', {
      ...track,
      data: { rate: 2, comment: '  Bardzo miły kierowca ' },
    });
    assertOk(set);
    assert.equal(set.status_mesg, 'OK');
    assert.deepEqual(assertOk(await rateCall(app, 'GET_RATE', track)).data, {
      rate: 2,
      comment: 'Bardzo miły kierowca',
    });
    assertErr(
      await rateCall(app, 'SET_RATE', { ...track, data: { rate: -2 } }),
      'ACTION_NOT_ALLOWED',
    );
  });

  test('cancelled and no-show rides can be rated, active ones cannot', async () => {
    for (const state of ['A', 'M'])
      assertOk(await rateCall(app, 'SET_RATE', { ...(await ride(state)), data: { rate: -1 } }));
    for (const state of [undefined, 'T'])
      assertErr(
        await rateCall(app, 'SET_RATE', { ...(await ride(state)), data: { rate: 1 } }),
        'ACTION_NOT_ALLOWED',
      );
  });

  test('an unknown order, a wrong secret and another corporation get one and the same answer', async () => {
    const track = await ride('Z');
    const refusals = [
      await rateCall(app, 'GET_RATE', {
        ...track,
        secret: wrongSecret(track.secret),
      }),
      await rateCall(app, 'SET_RATE', { ...track, secret: 'short', data: { rate: 1 } }),
      await rateCall(app, 'GET_RATE', { ...track, order_short_id: 'ZZZZZZZZ' }),
      await rateCall(app, 'GET_RATE', track, 'other.example'),
    ];
    // Nothing tells a guesser that a short id exists: same code, same text.
    for (const refusal of refusals)
      assert.deepEqual(refusal, {
        status: 'ERR',
        status_mesg: 'Order not available',
        error_data: 'ORDER_ACCESS_DENIED',
      });
    assertErr(
      await rateCall(app, 'GET_RATE', { order_short_id: track.order_short_id }),
      'ARG_ERROR',
    );
  });

  test('the rate is an integer from -2 to 2, the comment optional and bounded', async () => {
    const track = await ride('Z');
    for (const rate of [3, -3])
      assertErr(await rateCall(app, 'SET_RATE', { ...track, data: { rate } }), 'INVALID_DATA');
    for (const rate of [1.5, 'good', null])
      assertErr(await rateCall(app, 'SET_RATE', { ...track, data: { rate } }), 'ARG_ERROR');
    assertErr(await rateCall(app, 'SET_RATE', { ...track }), 'ARG_ERROR');
    assertErr(
      await rateCall(app, 'SET_RATE', { ...track, data: { rate: 1, comment: 'x'.repeat(1001) } }),
      'INVALID_DATA',
    );
    assertOk(await rateCall(app, 'SET_RATE', { ...track, data: { rate: 0 } }));
    assert.deepEqual(assertOk(await rateCall(app, 'GET_RATE', track)).data, {
      rate: 0,
      comment: null,
    });
  });
});
