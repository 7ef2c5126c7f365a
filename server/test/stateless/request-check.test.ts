import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLIENT_REQUESTS, DRIVER_REQUESTS } from '@taxi/contract/schemas';
import { compileCheck } from '../../src/base/check.ts';
import { ApiFailure } from '../../src/base/errors.ts';

const orderSim = compileCheck(CLIENT_REQUESTS.ORDER_SIM);
const savePlace = compileCheck(CLIENT_REQUESTS.SAVE_PLACE);
const taxiState = compileCheck(DRIVER_REQUESTS.TAXI_STATE);

/** The catalogue error a check throws. */
function refusal(check: () => unknown): { code: string; message: string } {
  try {
    check();
  } catch (error) {
    assert.ok(error instanceof ApiFailure, String(error));
    return { code: error.code, message: error.message };
  }
  assert.fail('the call was taken');
}

test("GET's text is read as the schema types it, absent values take their defaults", () => {
  const order = JSON.stringify({
    order_type: 'T',
    poi: { lat: '50.06', lng: 19.94, street: 12 },
    taxi_count: '2',
    cash_free: 'true',
    discount: '0',
    taxi_features_list: '[1, "3"]',
    date_time: 'null',
    info: '',
    advance: 'junk-free',
  });
  const checked = refusal(() => orderSim({ order, taxi_group_id: '' }));
  assert.deepEqual(checked, {
    code: 'ARG_ERROR',
    message: 'order.advance: expected a whole number',
  });
  const { order: read, taxi_group_id } = orderSim({
    order: order.replace('"junk-free"', '"60"'),
    taxi_group_id: '',
    action: 'ORDER_SIM',
  });
  assert.equal(taxi_group_id, null);
  assert.equal(read.order_type, 'T');
  assert.deepEqual(read.poi, {
    id: null,
    lat: 50.06,
    lng: 19.94,
    quarter: '',
    city: '',
    poi_name: '',
    street: '12',
    number: '',
    district: '',
  });
  assert.equal(read.taxi_count, 2);
  assert.equal(read.cash_free, true);
  assert.equal(read.discount, false);
  assert.deepEqual(read.taxi_features_list, [1, 3]);
  assert.equal(read.date_time, null);
  assert.equal(read.info, '');
  assert.equal(read.advance, 60);
  assert.deepEqual(read.selected_taxies, []);
});

test('missing or mistyped is ARG_ERROR, out of bounds INVALID_DATA, named by its path', () => {
  const order = (fields: object) => ({ order: { poi: { lat: 50, lng: 19 }, ...fields } });
  const cases: [payload: object, code: string, message: string][] = [
    [{}, 'ARG_ERROR', 'order: expected an object'],
    [{ order: '{broken' }, 'ARG_ERROR', 'order: expected an object'],
    [order({ taxi_count: 'two' }), 'ARG_ERROR', 'order.taxi_count: expected a whole number'],
    [order({ taxi_count: 1.5 }), 'ARG_ERROR', 'order.taxi_count: expected a whole number'],
    [order({ taxi_count: 6 }), 'INVALID_DATA', 'order.taxi_count: from 1 to 5'],
    [order({ poi: { lat: 91, lng: 0 } }), 'INVALID_DATA', 'order.poi.lat: from -90 to 90'],
    [order({ poi: { lat: 'x', lng: 0 } }), 'ARG_ERROR', 'order.poi.lat: expected a number'],
    [order({ poi: 'here' }), 'ARG_ERROR', 'order.poi: expected an object'],
    [order({ info: 'x'.repeat(501) }), 'INVALID_DATA', 'order.info: at most 500 characters'],
    [order({ gratis: 'maybe' }), 'ARG_ERROR', 'order.gratis: expected true or false'],
    [order({ order_type: 'X' }), 'INVALID_DATA', 'order.order_type: Z, T, W or R'],
    [order({ order_type: true }), 'ARG_ERROR', 'order.order_type: expected Z, T, W or R'],
    [
      order({ taxi_features_list: new Array(51).fill(1) }),
      'INVALID_DATA',
      'order.taxi_features_list: at most 50 items',
    ],
    [
      order({ taxi_features_list: [1, 'one'] }),
      'ARG_ERROR',
      'order.taxi_features_list: expected a whole number',
    ],
    [{ ...order({}), auth: 'x'.repeat(201) }, 'INVALID_DATA', 'auth: at most 200 characters'],
  ];
  for (const [payload, code, message] of cases)
    assert.deepEqual(
      refusal(() => orderSim({ ...payload })),
      { code, message },
      message,
    );
});

test("a choice says what it takes; a schema's textOnly field takes no number", () => {
  const point = { lat: 50, lng: 19 };
  assert.deepEqual(
    refusal(() => savePlace({ place: { kind: 'garage', point } })),
    {
      code: 'ARG_ERROR',
      message: 'place.kind: expected home, work or other',
    },
  );
  assert.deepEqual(
    refusal(() => savePlace({ place: { name: 42, point } })),
    {
      code: 'ARG_ERROR',
      message: 'place.name: expected text',
    },
  );
  assert.deepEqual(
    refusal(() => savePlace({ place: { name: 'Dom' } })),
    {
      code: 'ARG_ERROR',
      message: 'place.point: expected an object',
    },
  );
  assert.deepEqual(
    refusal(() => taxiState({ state: 'X' })),
    {
      code: 'INVALID_DATA',
      message: 'state: one of W, Z, K, D, O, P, F, B',
    },
  );
  assert.deepEqual(
    refusal(() => taxiState({})),
    {
      code: 'ARG_ERROR',
      message: 'state: expected one of W, Z, K, D, O, P, F, B',
    },
  );
});

test('the checked call has the fields of its schema only', () => {
  const checked = orderSim({ order: { poi: null, extra: 1 }, action_id: 'ORDER_SIM' });
  assert.deepEqual(Object.keys(checked).sort(), ['order', 'taxi_group_id']);
  assert.ok(!('extra' in checked.order));
});
