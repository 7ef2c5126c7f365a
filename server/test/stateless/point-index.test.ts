import assert from 'node:assert/strict';
import { test } from 'node:test';
import { METRES_PER_DEGREE } from '../../src/geo/geometry.ts';
import { PointIndex } from '../../src/geo/point-index.ts';

/** Points `metres` north of 50°N 20°E. */
const north = (...metres: number[]) => ({
  lat: metres.map((m) => 50 + m / METRES_PER_DEGREE),
  lng: metres.map(() => 20),
});

test('the nearest point within the maximum, however far past the first search radius', () => {
  const { lat, lng } = north(900, 250, 2_600);
  const index = new PointIndex(lat, lng);
  const near = index.nearest(50, 20, 300);
  assert.equal(near.index, 1);
  assert.ok(Math.abs(near.metres - 250) < 0.01, `${near.metres} m`);
  assert.equal(index.nearest(50, 20, 3_000).index, 1);
  assert.equal(index.nearest(50 + 2_500 / METRES_PER_DEGREE, 20, 3_000).index, 2);
  assert.deepEqual(index.nearest(50, 20, 200), { index: -1, metres: 200 });
});

test('a point in the search box but outside its radius is no nearer than one inside', () => {
  // 90 m east and 90 m north (127 m away) is in the 100 m box; 110 m north is not, yet nearer.
  const east = 90 / (METRES_PER_DEGREE * Math.cos((50 * Math.PI) / 180));
  const index = new PointIndex(
    [50 + 90 / METRES_PER_DEGREE, 50 + 110 / METRES_PER_DEGREE],
    [20 + east, 20],
  );
  assert.equal(index.nearest(50, 20, 300).index, 1);
});

test('only accepted points count; none at all finds nothing', () => {
  const { lat, lng } = north(10, 50);
  assert.equal(new PointIndex(lat, lng, (i) => i !== 0).nearest(50, 20, 300).index, 1);
  assert.equal(new PointIndex([], []).nearest(50, 20, 300).index, -1);
});
