import { orderViewOf, type TrackViewFacts } from './track-view.ts';

const facts = (change: Partial<TrackViewFacts>): TrackViewFacts => ({
  state: 'T',
  stage: null,
  taxi_count: 1,
  accepted: 0,
  finished: 0,
  arrived: false,
  ...change,
});
const nameOf = (change: Partial<TrackViewFacts>) => orderViewOf(facts(change)).name;

test("an order's view by its state, stage and taxis (docs/track-views.md)", () => {
  expect(nameOf({ state: 'U' })).toBe('created');
  expect(nameOf({})).toBe('waiting_free_taxi');
  expect(nameOf({ stage: 'waiting_for_accept' })).toBe('waiting_accept');
  expect(orderViewOf(facts({ accepted: 1 }))).toEqual({ name: 'on_the_way', counter: null });
  expect(orderViewOf(facts({ accepted: 1, taxi_count: 2 }))).toEqual({
    name: 'on_the_way',
    counter: { n: 1, total: 2 },
  });
  expect(nameOf({ accepted: 1, arrived: true })).toBe('arrived');
  expect(nameOf({ accepted: 1, finished: 1, arrived: true })).toBe('in_taxi');
  expect(nameOf({ state: 'Z', stage: 'client_in_taxi' })).toBe('in_taxi');
  expect(nameOf({ state: 'Z', stage: 'finished' })).toBe('finished');
  expect(nameOf({ state: 'A' })).toBe('cancelled');
  expect(nameOf({ state: 'M', stage: 'no_show' })).toBe('cancelled');
});
