// The end of a ride's chunk as it loads offline, for `jest.mock('./RideOver', …)`: the first
// loads fail, as before the worker kept it (the idle head start's and the slot's, in either
// order); the next ones load it. Counted per test file (each has its own module registry).
let loads = 0;

export function rideOverFailingFirst(failures: number): unknown {
  loads += 1;
  if (loads <= failures) throw new Error('Loading chunk ride-over failed.');
  return jest.requireActual('../track/RideOver');
}

export const rideOverLoads = () => loads;
