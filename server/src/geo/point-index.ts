// Nearest-neighbour lookups over many points (houses, streets, POIs, road nodes).
import KDBush from 'kdbush';
import { METRES_PER_DEGREE } from './geometry.ts';

/** The first search radius; each next one is 4 times wider, up to the caller's maximum. */
const FIRST_METRES = 100;

/**
 * Points in a static k-d tree (kdbush) for nearest-neighbour lookups. The nearest is found by
 * boxes of growing radius around the query (kdbush's `range`): a point within the radius is the
 * nearest of all once none in the box is nearer. Not geokdbush's `around`: it would share
 * tinyqueue's code with the router's A*, and routes then take 40 to 70 % longer
 * (bench/server-routing.ts).
 */
export class PointIndex {
  readonly #tree: KDBush;
  /** The caller's index of each point in the tree, in the order they were added. */
  readonly #indices: Uint32Array;
  readonly #lat: ArrayLike<number>;
  readonly #lng: ArrayLike<number>;

  constructor(
    lat: ArrayLike<number>,
    lng: ArrayLike<number>,
    accept: (i: number) => boolean = () => true,
  ) {
    this.#lat = lat;
    this.#lng = lng;
    const indices: number[] = [];
    for (let i = 0; i < lat.length; i++) if (accept(i)) indices.push(i);
    this.#indices = Uint32Array.from(indices);
    this.#tree = new KDBush(indices.length);
    for (const i of indices) this.#tree.add(lng[i]!, lat[i]!);
    this.#tree.finish();
  }

  /**
   * The nearest point within maxMetres (flat-earth distances, which at these ranges differ from
   * great-circle ones by less than a metre), or -1.
   */
  nearest(lat: number, lng: number, maxMetres: number): { index: number; metres: number } {
    const cosLat = Math.cos((lat * Math.PI) / 180);
    let radius = Math.min(FIRST_METRES, maxMetres);
    for (;;) {
      const dLat = radius / METRES_PER_DEGREE;
      const dLng = dLat / Math.max(cosLat, 0.01);
      let best = -1;
      let bestSquared = radius * radius;
      for (const id of this.#tree.range(lng - dLng, lat - dLat, lng + dLng, lat + dLat)) {
        const i = this.#indices[id]!;
        const north = (this.#lat[i]! - lat) * METRES_PER_DEGREE;
        const east = (this.#lng[i]! - lng) * METRES_PER_DEGREE * cosLat;
        const squared = north * north + east * east;
        if (squared <= bestSquared) {
          best = i;
          bestSquared = squared;
        }
      }
      if (best !== -1) return { index: best, metres: Math.sqrt(bestSquared) };
      if (radius >= maxMetres) return { index: -1, metres: maxMetres };
      radius = Math.min(4 * radius, maxMetres);
    }
  }
}
