// How many JavaScript round trips a page waits through: shared by the first-screen benchmarks.

/** A downloaded script: when it was asked for and when its last byte arrived (any one clock). */
export interface Timed {
  start: number;
  end: number;
  trip: number;
}

/**
 * Waterfall depth: a script that starts only after a script of the current trip has
 * arrived could have been asked for by it, so it opens the next trip. Numbers each script's trip.
 */
export function countTrips(scripts: Timed[]): number {
  let trips = 0;
  let firstArrival = -Infinity;
  for (const script of [...scripts].sort((a, b) => a.start - b.start)) {
    if (script.start >= firstArrival) {
      trips += 1;
      firstArrival = script.end;
    } else {
      firstArrival = Math.min(firstArrival, script.end);
    }
    script.trip = trips;
  }
  return trips;
}
