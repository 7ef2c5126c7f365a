import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replyJson, writtenOnce } from '../../src/api/raw-json.ts';

const route = [
  { lat: 43.7392, lng: 7.4268 },
  { lat: 43.7276, lng: 7.4155 },
];

test('a written-once field is spliced into the reply as the JSON of its value', () => {
  const reply = { status: 'OK', dst_price: 29.47, dst_map_points: writtenOnce(route), eta: null };
  const text = replyJson(reply)!;
  assert.deepEqual(JSON.parse(text), { ...reply, dst_map_points: route });
  assert.equal(writtenOnce(route), reply.dst_map_points, 'the same object is written once');
});

test('a reply without one is left to the framework; deeper down it is its value', () => {
  assert.equal(replyJson({ status: 'OK', list: [1, 2] }), undefined);
  assert.deepEqual(JSON.parse(JSON.stringify({ nested: { points: writtenOnce(route) } })), {
    nested: { points: route },
  });
});
